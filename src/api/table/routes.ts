import { CAMPEONATO_ROUTES } from '../routes/campeonatos.js';
import { CONTA_ROUTES } from '../routes/conta.js';
import { PARTIDA_ROUTES } from '../routes/partidas.js';
import { STATUS_ROUTES } from '../routes/status.js';
import { STREAM_ROUTES } from '../routes/stream.js';
import { TIME_ROUTES } from '../routes/times.js';
import { WEBHOOK_ROUTES } from '../routes/webhooks.js';
import type { Route } from './route.js';

/**
 * The route table: every API operation, in the order the OpenAPI document lists them. The router, the request
 * checks, the OpenAPI `paths` and the handlers' input types come from it; pages for people and operators
 * (`/docs`, `/v1/openapi.json`, `/painel`, `/metrics`) are not API operations and are routed beside it (app.ts).
 */
export const ROUTES: readonly Route[] = [
  ...CAMPEONATO_ROUTES,
  ...PARTIDA_ROUTES,
  ...TIME_ROUTES,
  ...CONTA_ROUTES,
  ...WEBHOOK_ROUTES,
  ...STREAM_ROUTES,
  ...STATUS_ROUTES,
];
