/**
 * A typed client of the svc API: openapi-fetch over the types generated from `/v1/openapi.json` (`schema.ts`).
 *
 *   const api = createSvcClient({ baseUrl: 'http://localhost:8080', key });
 *   const { data, error } = await api.GET('/v1/campeonatos/{campeonatoId}/tabela', { params: { path: { campeonatoId: 1 } } });
 */
import createClient from 'openapi-fetch';
import type { Campeonato, Partida, operations, paths } from './schema.js';

export type * from './schema.js';

export interface SvcClientOptions {
  baseUrl: string;
  /** API key, sent as `Authorization: Bearer`. */
  key?: string;
  /** A fetch of your own (retries, timeouts, tests). */
  fetch?: (request: Request) => Promise<Response>;
}

export function createSvcClient(o: SvcClientOptions) {
  return createClient<paths>({
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    headers: o.key ? { Authorization: `Bearer ${o.key}` } : {},
    ...(o.fetch ? { fetch: o.fetch } : {}),
  });
}

export type SvcClient = ReturnType<typeof createSvcClient>;

// Names for parts of the schemas that have none of their own in the document.
export type TipoCampeonato = Campeonato['tipo'];
export type StatusCampeonato = NonNullable<Campeonato['status']>;
export type StatusPartida = Partida['status'];
export type FiltroCampeonatos = NonNullable<operations['getCampeonatos']['parameters']['query']>;
export { followBrowserStream, followEventStream, type EventStreamOptions, type StreamEvent } from './stream.js';
