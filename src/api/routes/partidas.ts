import type { Guard } from '../middleware/admission.js';
import { pathId } from '../params.js';
import * as r from '../resources/partidas.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiContext, ApiRouter } from '../state.js';
import { serve, snapshotFor } from './respond.js';
import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { PartidaRow } from '../snapshot/tables.js';

/** Endpoints 14–17. */
export function registerPartidas(router: ApiRouter, holder: SnapshotHolder, guard: Guard): void {
  router.get('/v1/partidas/ao-vivo', guard('ao_vivo', (ctx) => {
    const s = snapshotFor(holder);
    serve(ctx, s, 'ao-vivo', () => r.listAoVivo(s));
  }));

  const perMatch = (name: string, build: (s: ServedSnapshot, p: PartidaRow) => Built) => (ctx: ApiContext) => {
    const s = snapshotFor(holder);
    const p = r.findPartida(s, pathId(ctx, 'id'));
    serve(ctx, s, `${name}|${p.id}`, () => build(s, p));
  };
  router.get('/v1/partidas/:id/eventos', guard('eventos', perMatch('eventos', r.listEventos)));
  router.get('/v1/partidas/:id/estatisticas', guard('estatisticas', perMatch('estatisticas', r.getEstatisticas)));
  router.get('/v1/partidas/:id/escalacao', guard('escalacao', perMatch('escalacao', r.getEscalacao)));
}
