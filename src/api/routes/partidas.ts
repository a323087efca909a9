import { int, list, obj, one, ref } from '../openapi/json-schema.js';
import { Escalacao, EstatisticasPartida, EventoPartida, PartidaAoVivo } from '../openapi/schemas.js';
import { pathId } from '../params.js';
import * as r from '../resources/partidas.js';
import type { MatchDetails } from '../snapshot/match-details.js';
import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { PartidaRow } from '../snapshot/tables.js';
import type { ApiContext } from '../state.js';
import { route, type RouteDeps } from '../table/route.js';
import { serve, serveChampionship, snapshotFor } from './respond.js';

const tag = 'Partidas';
const partida = { id: pathId('id da partida') };

/**
 * A per-match route's handler: the match's championship data and its details (events, lineups, statistics).
 * `build` makes the body of the route's response schema (`R`, from `ctx`).
 */
function perMatch<R>(
  ctx: ApiContext<R>,
  id: number,
  d: RouteDeps,
  name: string,
  build: (s: ServedSnapshot, details: MatchDetails, p: PartidaRow) => Built<NoInfer<R>>,
): void | Promise<void> {
  const s = snapshotFor(d.holder, ctx);
  const campeonatoId = r.campeonatoDaPartida(s, id);
  return serveChampionship(
    ctx,
    s,
    campeonatoId,
    `${name}|${id}`,
    (_shapes, part, details) => build(s, details as MatchDetails, r.findPartida(part, id)),
    { withDetails: true },
  );
}

/** Endpoints 14–17. */
export const PARTIDA_ROUTES = [
  route({
    method: 'get',
    path: '/v1/partidas/ao-vivo',
    summary: 'Partidas ao vivo (cache de 15 s)',
    tag,
    recurso: 'ao_vivo',
    asOf: true,
    response: { schema: list(ref(PartidaAoVivo), obj({ total: int })) },
    errors: [],
    handler(ctx, _input, d) {
      // The live list a publishing ingest wrote ahead of its snapshot (warehouse/live-list.ts), unless `?snapshot=`.
      const ahead = ctx.state.snapshot ? null : d.holder.liveAhead();
      if (ahead) {
        ctx.addHeader('X-Snapshot', ahead.list.snapshot);
        serve(ctx, ahead.base, `ao-vivo@${ahead.list.snapshot}`, () => r.listAoVivo(ahead.list.partidas));
        return;
      }
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, 'ao-vivo', () => r.listAoVivo(s.global.aoVivo));
    },
  }),
  route({
    method: 'get',
    path: '/v1/partidas/{id}/eventos',
    summary: 'Eventos de uma partida, por minuto',
    tag,
    recurso: 'eventos',
    asOf: true,
    params: partida,
    response: { schema: list(ref(EventoPartida), obj({ partida_id: int, total: int })) },
    errors: [400, 404],
    handler: (ctx, { path }, d) => perMatch(ctx, path.id, d, 'eventos', r.listEventos),
  }),
  route({
    method: 'get',
    path: '/v1/partidas/{id}/estatisticas',
    summary: 'Estatísticas por lado (null = não informado)',
    tag,
    recurso: 'estatisticas',
    asOf: true,
    params: partida,
    response: { schema: one(ref(EstatisticasPartida)) },
    errors: [400, 404],
    handler: (ctx, { path }, d) => perMatch(ctx, path.id, d, 'estatisticas', r.getEstatisticas),
  }),
  route({
    method: 'get',
    path: '/v1/partidas/{id}/escalacao',
    summary: 'Escalações (404 quando não há)',
    tag,
    recurso: 'escalacao',
    asOf: true,
    params: partida,
    response: { schema: one(ref(Escalacao)) },
    errors: [400, 404],
    handler: (ctx, { path }, d) => perMatch(ctx, path.id, d, 'escalacao', r.getEscalacao),
  }),
];
