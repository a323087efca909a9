import type { Guard } from '../middleware/admission.js';
import { pathId } from '../params.js';
import * as r from '../resources/partidas.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiContext, ApiRouter } from '../state.js';
import { serve, serveChampionship, snapshotFor } from './respond.js';
import type { MatchDetails } from '../snapshot/match-details.js';
import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { PartidaRow } from '../snapshot/tables.js';

/** Endpoints 14–17. */
export function registerPartidas(router: ApiRouter, holder: SnapshotHolder, guard: Guard): void {
  router.get(
    '/v1/partidas/ao-vivo',
    guard('ao_vivo', (ctx) => {
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, 'ao-vivo', () => r.listAoVivo(s));
    }),
  );

  const perMatch =
    (name: string, build: (s: ServedSnapshot, details: MatchDetails, p: PartidaRow) => Built) => (ctx: ApiContext) => {
      const s = snapshotFor(holder, ctx);
      const id = pathId(ctx, 'id');
      const campeonatoId = r.campeonatoDaPartida(s, id);
      return serveChampionship(
        ctx,
        s,
        campeonatoId,
        `${name}|${id}`,
        (_shapes, part, details) => build(s, details as MatchDetails, r.findPartida(part, id)),
        { withDetails: true },
      );
    };
  router.get('/v1/partidas/:id/eventos', guard('eventos', perMatch('eventos', r.listEventos)));
  router.get('/v1/partidas/:id/estatisticas', guard('estatisticas', perMatch('estatisticas', r.getEstatisticas)));
  router.get('/v1/partidas/:id/escalacao', guard('escalacao', perMatch('escalacao', r.getEscalacao)));
}
