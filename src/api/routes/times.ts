import type { Guard } from '../middleware/admission.js';
import { pathId, queryEnum, queryInt, querySearch } from '../params.js';
import { POSICOES, TIPO_TIME } from '../openapi/schemas.js';
import * as r from '../resources/times.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiRouter } from '../state.js';
import { serve, snapshotFor } from './respond.js';

/** Endpoints 18–21. */
export function registerTimes(router: ApiRouter, holder: SnapshotHolder, guard: Guard): void {
  router.get(
    '/v1/times',
    guard('times', (ctx) => {
      const q = querySearch(ctx);
      const tipo = queryEnum(ctx, 'tipo', TIPO_TIME);
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, `times|${tipo}|${q}`, () => r.searchTimes(s, q, tipo));
    }),
  );

  router.get(
    '/v1/times/:timeId/jogadores',
    guard('jogadores', (ctx) => {
      const timeId = pathId(ctx, 'timeId');
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, `elenco|${timeId}`, () => r.listJogadoresDoTime(s, timeId));
    }),
  );

  router.get(
    '/v1/jogadores',
    guard('jogadores', (ctx) => {
      const q = querySearch(ctx);
      const time = queryInt(ctx, 'time', 1, Number.MAX_SAFE_INTEGER);
      const posicao = queryEnum(ctx, 'posicao', POSICOES);
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, `jogadores|${time}|${posicao}|${q}`, () => r.searchJogadores(s, q, time, posicao));
    }),
  );

  router.get(
    '/v1/jogadores/:id',
    guard('jogadores', (ctx) => {
      const id = pathId(ctx, 'id');
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, `jogador|${id}`, () => r.getJogador(s, id));
    }),
  );
}
