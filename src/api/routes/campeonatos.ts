import type { Clock } from '../../clock.js';
import { authOf } from '../middleware/auth.js';
import type { Guard } from '../middleware/admission.js';
import { pathId, queryDate, queryEnum, queryInt, queryYear } from '../params.js';
import { STATUS_CAMPEONATO, STATUS_PARTIDA, TIPO_CAMPEONATO } from '../openapi/schemas.js';
import * as r from '../resources/campeonatos.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { ApiContext, ApiRouter } from '../state.js';
import { serve, serveChampionship, snapshotFor } from './respond.js';

export const MAX_PAGINA = 1_000_000;
export const MAX_RODADA = 1_000;

function accessKey(ctx: ApiContext): string {
  return ctx.state.auth?.championships?.join(',') ?? '*';
}

/** Endpoints 1–13. */
export function registerCampeonatos(router: ApiRouter, holder: SnapshotHolder, guard: Guard, clock: Clock): void {
  const camp = (ctx: ApiContext, param = 'campeonatoId') => {
    const s = snapshotFor(holder, ctx);
    return { s, c: r.findCampeonato(s, authOf(ctx), pathId(ctx, param)) };
  };

  router.get(
    '/v1/campeonatos',
    guard('campeonatos', (ctx) => {
      const f = {
        temporada: queryYear(ctx, 'temporada'),
        status: queryEnum(ctx, 'status', STATUS_CAMPEONATO),
        tipo: queryEnum(ctx, 'tipo', TIPO_CAMPEONATO),
      };
      const s = snapshotFor(holder, ctx);
      serve(ctx, s, `campeonatos|${accessKey(ctx)}|${f.temporada}|${f.status}|${f.tipo}`, () =>
        r.listCampeonatos(s, authOf(ctx), f),
      );
    }),
  );

  router.get(
    '/v1/campeonatos/:id',
    guard('campeonatos', (ctx) => {
      const { s, c } = camp(ctx, 'id');
      return serveChampionship(ctx, s, c.id, 'campeonato', () => r.getCampeonato(c));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/partidas',
    guard('partidas', (ctx) => {
      const f: r.PartidaFiltro = {
        rodada: queryInt(ctx, 'rodada', 1, MAX_RODADA),
        status: queryEnum(ctx, 'status', STATUS_PARTIDA),
        time: queryInt(ctx, 'time', 1, Number.MAX_SAFE_INTEGER),
        data_inicio: queryDate(ctx, 'data_inicio'),
        data_fim: queryDate(ctx, 'data_fim'),
        pagina: queryInt(ctx, 'pagina', 1, MAX_PAGINA, 1),
        por_pagina: queryInt(ctx, 'por_pagina', 1, 100, 15),
      };
      const { s, c } = camp(ctx);
      const key = `partidas|${c.id}|${f.rodada}|${f.status}|${f.time}|${f.data_inicio}|${f.data_fim}|${f.pagina}|${f.por_pagina}`;
      return serveChampionship(ctx, s, c.id, key, (sh, part) => r.listPartidas(sh, part, c, f));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/rodadas',
    guard('rodadas', (ctx) => {
      const { s, c } = camp(ctx);
      return serveChampionship(ctx, s, c.id, 'rodadas', (sh, part) => r.listRodadas(sh, part, c));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/rodadas/:numero',
    guard('rodadas', (ctx) => {
      const { s, c } = camp(ctx);
      const numero = pathId(ctx, 'numero');
      return serveChampionship(ctx, s, c.id, `rodada|${numero}`, (sh, part) => r.getRodada(sh, part, c, numero));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/chave',
    guard('chave', (ctx) => {
      const { s, c } = camp(ctx);
      return serveChampionship(ctx, s, c.id, 'chave', (sh, part) => r.getChave(sh, part, c));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/fases',
    guard('chave', (ctx) => {
      const { s, c } = camp(ctx);
      return serveChampionship(ctx, s, c.id, 'fases', (sh, part) => r.listFases(sh, part, c));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/fases/:faseId',
    guard('chave', (ctx) => {
      const { s, c } = camp(ctx);
      const faseId = pathId(ctx, 'faseId');
      return serveChampionship(ctx, s, c.id, `fase|${faseId}`, (sh, part) => r.getFase(sh, part, faseId));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/fases/:faseId/tabela',
    guard('tabela', (ctx) => {
      const { s, c } = camp(ctx);
      const faseId = pathId(ctx, 'faseId');
      return serveChampionship(ctx, s, c.id, `tabela-fase|${faseId}`, (sh, part) =>
        r.getTabelaFase(sh, part, c, faseId),
      );
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/tabela',
    guard('tabela', (ctx) => {
      const { s, c } = camp(ctx);
      return serveChampionship(ctx, s, c.id, 'tabela', (sh, part) => r.getTabela(sh, part, c));
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/artilharia',
    guard('artilharia', (ctx) => {
      const { s, c } = camp(ctx);
      return serveChampionship(ctx, s, c.id, 'artilharia', (sh, part) => r.getArtilharia(s, sh, part, c), {
        alsoGlobal: true,
      });
    }),
  );

  router.get(
    '/v1/campeonatos/:campeonatoId/cobertura',
    guard('cobertura', (ctx) => {
      const { s, c } = camp(ctx);
      // Overdue matches depend on the clock: a memoised response lasts the minute it was built in.
      const minute = Math.floor(clock.now() / 60_000) * 60_000;
      return serveChampionship(ctx, s, c.id, `cobertura|${minute}`, () => r.getCobertura(s, c, minute));
    }),
  );

  router.get(
    '/v1/cobertura',
    guard('cobertura', (ctx) => {
      const temporada = queryYear(ctx, 'temporada');
      const s = snapshotFor(holder, ctx);
      const minute = Math.floor(clock.now() / 60_000) * 60_000;
      serve(ctx, s, `coberturas|${accessKey(ctx)}|${temporada}|${minute}`, () =>
        r.listCobertura(s, authOf(ctx), temporada, minute),
      );
    }),
  );
}
