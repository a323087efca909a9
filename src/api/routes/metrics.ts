import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { ApiMetrics } from '../metrics.js';
import type { ApiRouter } from '../state.js';

const REFUSED = new ApiError(401, 'Não autorizado', 'Token de métricas inválido ou ausente', {
  'WWW-Authenticate': 'Bearer',
});

/** Without a token there is no `/metrics`; an operator who asks for it is told how to switch it on. */
const DISABLED = new ApiError(
  404,
  'Não encontrado',
  'GET /metrics está desligado: defina SVC_METRICS_TOKEN (ou metrics_token no svc.toml; 16 caracteres ou mais), reinicie e chame com Authorization: Bearer <token>.',
);

/**
 * `GET /metrics` in Prometheus text format, only when a token is configured (SVC_METRICS_TOKEN), and only to
 * `Authorization: Bearer <token>`: API keys never open it, and the same port serves behind the load balancer.
 */
export function registerMetrics(router: ApiRouter, metrics: ApiMetrics, token: string | undefined): void {
  if (token === undefined) {
    router.get('/metrics', () => {
      throw DISABLED;
    });
    return;
  }
  const expected = Buffer.from(`Bearer ${token}`);
  router.get('/metrics', async (ctx) => {
    const presented = Buffer.from(ctx.get('Authorization'));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw REFUSED;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
