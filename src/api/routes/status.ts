import { ApiError } from '../errors.js';
import { obj, one, ref, str } from '../openapi/json-schema.js';
import { Status } from '../openapi/schemas.js';
import { route } from '../table/route.js';
import { isoWithOffset } from '../../time.js';
import { listSnapshots } from '../../warehouse/snapshot-store.js';

const NO_STORE = ['Cache-Control', 'no-store'];
/** The readiness 503s are not cached either. */
const NO_STORE_HEADER = { 'Cache-Control': 'no-store' };
const tag = 'Status';

/** Public endpoints (no key): `/v1/status`, `/healthz`, `/readyz`. */
export const STATUS_ROUTES = [
  route({
    method: 'get',
    path: '/v1/status',
    summary: 'Versão, snapshot atual e uptime (sem chave)',
    tag,
    response: { schema: one(ref(Status)) },
    errors: [405],
    handler(ctx, _input, d) {
      const s = d.holder.current;
      const now = d.clock.now();
      const criado = s?.criadoEm ? Date.parse(s.criadoEm) : NaN;
      ctx.json(
        200,
        {
          data: {
            status: s ? 'ok' : 'sem_snapshot',
            versao: d.version,
            snapshot: s
              ? {
                  id: s.id,
                  criado_em: Number.isNaN(criado) ? s.criadoEm : isoWithOffset(criado),
                  idade_segundos: Number.isNaN(criado) ? null : Math.max(0, Math.round((now - criado) / 1000)),
                  carregado_em: isoWithOffset(s.loadedAt),
                }
              : null,
            cache: d.holder.cacheStats,
            // What `?snapshot=ID` can read (docs/api.md "Reads as of a snapshot"), oldest first.
            snapshots_retidos: listSnapshots(d.holder.dataDir).map((m) => ({
              id: m.id,
              criado_em: isoWithOffset(Date.parse(m.criado_em)),
            })),
            iniciado_em: isoWithOffset(d.startedAt),
            uptime_segundos: Math.round((now - d.startedAt.getTime()) / 1000),
          },
        },
        NO_STORE,
      );
    },
  }),
  route({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness (sem chave)',
    tag,
    response: { schema: obj({ status: str }) },
    errors: [405],
    handler(ctx) {
      ctx.json(200, { status: 'ok' }, NO_STORE);
    },
  }),
  route({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: 503 até haver snapshot e o plano de controle responder (sem chave)',
    tag,
    response: { schema: obj({ status: str, snapshot: str }) },
    errors: [405, 503],
    async handler(ctx, _input, d) {
      const current = d.holder.current;
      if (!current)
        throw new ApiError(503, 'Serviço indisponível', 'Nenhum snapshot carregado ainda.', NO_STORE_HEADER);
      // Serving older data than CURRENT names is not ready: a balancer should prefer a node that loaded it.
      const failure = d.holder.loadFailure;
      if (failure) {
        throw new ApiError(
          503,
          'Serviço indisponível',
          `O snapshot atual ${failure.id} não pôde ser carregado; este nó ainda serve o ${current.id}.`,
          NO_STORE_HEADER,
        );
      }
      try {
        await d.control.ping();
      } catch {
        throw new ApiError(
          503,
          'Serviço indisponível',
          `O plano de controle (${d.control.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}) não respondeu.`,
          NO_STORE_HEADER,
        );
      }
      ctx.json(200, { status: 'pronto', snapshot: current.id }, NO_STORE);
    },
  }),
];
