import type { Clock } from '../../clock.js';
import type Router from '@koa/router';
import type { ControlPlane } from '../../control/control-plane.js';
import { ApiError } from '../errors.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiState } from '../state.js';
import { isoWithOffset } from '../../time.js';
import { listSnapshots } from '../../warehouse/snapshot-store.js';

export interface StatusDeps {
  holder: SnapshotHolder;
  control: ControlPlane;
  version: string;
  startedAt: Date;
  clock: Clock;
}

/** Public endpoints (no key): `/v1/status`, `/healthz`, `/readyz`. */
export function registerStatus(router: Router<ApiState>, d: StatusDeps): void {
  router.get('/v1/status', (ctx) => {
    const s = d.holder.current;
    const now = d.clock.now();
    const criado = s?.criadoEm ? Date.parse(s.criadoEm) : NaN;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
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
    };
  });

  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!d.holder.current) {
      throw new ApiError(503, 'Serviço indisponível', 'Nenhum snapshot carregado ainda.');
    }
    // Serving older data than CURRENT names is not ready: a balancer should prefer a node that loaded it.
    const failure = d.holder.loadFailure;
    if (failure) {
      throw new ApiError(
        503,
        'Serviço indisponível',
        `O snapshot atual ${failure.id} não pôde ser carregado; este nó ainda serve o ${d.holder.current.id}.`,
      );
    }
    try {
      await d.control.ping();
    } catch {
      throw new ApiError(
        503,
        'Serviço indisponível',
        `O plano de controle (${d.control.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}) não respondeu.`,
      );
    }
    ctx.body = { status: 'pronto', snapshot: d.holder.current.id };
  });
}
