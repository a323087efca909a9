import type { PlansConfig } from '../../control/plans.js';
import { requires } from '../middleware/plan-access.js';
import { pathId, queryEnum, queryInt, querySearch } from '../params.js';
import { POSICOES, TIPO_TIME } from '../openapi/schemas.js';
import * as r from '../resources/times.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiRouter } from '../state.js';
import { serve, snapshotFor } from './respond.js';


/** Endpoints 18–21. */
export function registerTimes(router: ApiRouter, holder: SnapshotHolder, plans: PlansConfig): void {
  router.get('/v1/times', requires(plans, 'times'), (ctx) => {
    const q = querySearch(ctx);
    const tipo = queryEnum(ctx, 'tipo', TIPO_TIME);
    const s = snapshotFor(holder);
    serve(ctx, s, `times|${tipo}|${q}`, () => r.searchTimes(s, q, tipo));
  });

  router.get('/v1/times/:timeId/jogadores', requires(plans, 'jogadores'), (ctx) => {
    const timeId = pathId(ctx, 'timeId');
    const s = snapshotFor(holder);
    serve(ctx, s, `elenco|${timeId}`, () => r.listJogadoresDoTime(s, timeId));
  });

  router.get('/v1/jogadores', requires(plans, 'jogadores'), (ctx) => {
    const q = querySearch(ctx);
    const time = queryInt(ctx, 'time', 1, Number.MAX_SAFE_INTEGER);
    const posicao = queryEnum(ctx, 'posicao', POSICOES);
    const s = snapshotFor(holder);
    serve(ctx, s, `jogadores|${time}|${posicao}|${q}`, () => r.searchJogadores(s, q, time, posicao));
  });

  router.get('/v1/jogadores/:id', requires(plans, 'jogadores'), (ctx) => {
    const id = pathId(ctx, 'id');
    const s = snapshotFor(holder);
    serve(ctx, s, `jogador|${id}`, () => r.getJogador(s, id));
  });
}
