import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { ApiMetrics } from '../metrics.js';
import type { ApiContext } from '../state.js';

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
export function metricsPage(metrics: ApiMetrics, token: string | undefined): (ctx: ApiContext) => Promise<void> {
  if (token === undefined)
    return () => {
      throw DISABLED;
    };
  const expected = Buffer.from(`Bearer ${token}`);
  return async (ctx) => {
    const presented = Buffer.from(ctx.get('authorization'));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw REFUSED;
    const text = Buffer.from(await metrics.registry.metrics());
    ctx.send(
      200,
      [
        'Cache-Control',
        'no-store',
        'Content-Type',
        metrics.registry.contentType,
        'Content-Length',
        String(text.length),
      ],
      text,
    );
  };
}
