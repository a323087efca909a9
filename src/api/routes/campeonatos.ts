import { authOf } from '../middleware/auth.js';
import { int, list, obj, one, ref, str } from '../openapi/json-schema.js';
import {
  Campeonato,
  ChaveCampeonato,
  Cobertura,
  Fase,
  Jogador,
  Partida,
  Rodada,
  RodadaAvulsa,
  STATUS_CAMPEONATO,
  STATUS_PARTIDA,
  Tabela,
  TabelaFase,
  TIPO_CAMPEONATO,
} from '../openapi/schemas.js';
import { pathId, queryDate, queryEnum, queryInt, queryPattern } from '../params.js';
import * as r from '../resources/campeonatos.js';
import type { ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { CampeonatoRow } from '../snapshot/tables.js';
import type { ApiContext } from '../state.js';
import { route, type RouteDeps } from '../table/route.js';
import { serve, serveChampionship, snapshotFor } from './respond.js';

export const MAX_PAGINA = 1_000_000;
export const MAX_RODADA = 1_000;

function accessKey(ctx: ApiContext): string {
  return ctx.state.auth?.championships?.join(',') ?? '*';
}

const campeonatoId = pathId('id do campeonato');
const campeonato = { campeonatoId };
const faseId = pathId('id da fase');
const temporada = queryPattern('Ano da temporada', '^\\d{4}$', 'deve ser um ano com 4 dígitos (ex.: 2024)');
const total = obj({ total: int });
const campTotal = obj({ campeonato_id: int, total: int });
const tag = 'Campeonatos';

/** The request's snapshot and the championship `id`, if it exists and the key may read it. */
function camp(ctx: ApiContext, d: RouteDeps, id: number): { s: ServedSnapshot; c: CampeonatoRow } {
  const s = snapshotFor(d.holder, ctx);
  return { s, c: r.findCampeonato(s, authOf(ctx), id) };
}

/** Overdue matches depend on the clock: a memoised coverage lasts the minute it was built in. */
const minuteOf = (d: RouteDeps) => Math.floor(d.clock.now() / 60_000) * 60_000;

/** Endpoints 1–13. */
export const CAMPEONATO_ROUTES = [
  route({
    method: 'get',
    path: '/v1/campeonatos',
    summary: 'Lista os campeonatos',
    tag,
    recurso: 'campeonatos',
    asOf: true,
    query: {
      temporada,
      status: queryEnum('Status do campeonato', STATUS_CAMPEONATO),
      tipo: queryEnum('Tipo do campeonato', TIPO_CAMPEONATO),
    },
    response: { schema: list(ref(Campeonato), total) },
    errors: [400],
    handler(ctx, { query: f }, d) {
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, `campeonatos|${accessKey(ctx)}|${f.temporada}|${f.status}|${f.tipo}`, () =>
        r.listCampeonatos(s, authOf(ctx), f),
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{id}',
    summary: 'Um campeonato',
    tag,
    recurso: 'campeonatos',
    asOf: true,
    params: { id: pathId('id do campeonato') },
    response: { schema: one(ref(Campeonato)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.id);
      return serveChampionship(ctx, s, c.id, 'campeonato', () => r.getCampeonato(c));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/partidas',
    summary: 'Partidas de um campeonato (paginadas, por data)',
    tag,
    recurso: 'partidas',
    asOf: true,
    params: campeonato,
    query: {
      rodada: queryInt('Número da rodada', 1, MAX_RODADA),
      status: queryEnum('Status da partida', STATUS_PARTIDA),
      time: queryInt('id de um time (mandante ou visitante)', 1, Number.MAX_SAFE_INTEGER),
      data_inicio: queryDate('Data mínima (data local da partida)'),
      data_fim: queryDate('Data máxima (data local da partida)'),
      pagina: queryInt('Página (padrão 1)', 1, MAX_PAGINA, 1),
      por_pagina: queryInt('Itens por página (padrão 15)', 1, 100, 15),
    },
    response: {
      schema: list(
        ref(Partida),
        obj({ total: int, por_pagina: int, pagina_atual: int, ultima_pagina: int, campeonato_id: int }),
      ),
    },
    errors: [400, 404],
    handler(ctx, { path, query: f }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      const key = `partidas|${c.id}|${f.rodada}|${f.status}|${f.time}|${f.data_inicio}|${f.data_fim}|${f.pagina}|${f.por_pagina}`;
      return serveChampionship(ctx, s, c.id, key, (sh, part) => r.listPartidas(sh, part, c, f));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/rodadas',
    summary: 'Rodadas com suas partidas, por número',
    tag,
    recurso: 'rodadas',
    asOf: true,
    params: campeonato,
    response: { schema: list(ref(Rodada), campTotal) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, 'rodadas', (sh, part) => r.listRodadas(sh, part, c));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/rodadas/{numero}',
    summary: 'Uma rodada com suas partidas (sem `fase`)',
    tag,
    recurso: 'rodadas',
    asOf: true,
    params: { campeonatoId, numero: pathId('id (número) da rodada') },
    response: { schema: one(ref(RodadaAvulsa)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, `rodada|${path.numero}`, (sh, part) =>
        r.getRodada(sh, part, c, path.numero),
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/chave',
    summary: 'Chaveamento completo (ida e volta)',
    tag,
    recurso: 'chave',
    asOf: true,
    params: campeonato,
    response: { schema: one(ref(ChaveCampeonato)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, 'chave', (sh, part) => r.getChave(sh, part, c));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/fases',
    summary: 'Fases em sequência, com navegação',
    tag,
    recurso: 'chave',
    asOf: true,
    params: campeonato,
    response: { schema: list(ref(Fase), campTotal) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, 'fases', (sh, part) => r.listFases(sh, part, c));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/fases/{faseId}',
    summary: 'Detalhe de uma fase (chaves ou rodadas)',
    tag,
    recurso: 'chave',
    asOf: true,
    params: { campeonatoId, faseId },
    response: { schema: one(ref(Fase)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, `fase|${path.faseId}`, (sh, part) => r.getFase(sh, part, path.faseId));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela',
    summary: 'Classificação de uma fase',
    tag,
    recurso: 'tabela',
    asOf: true,
    params: { campeonatoId, faseId },
    response: { schema: one(ref(TabelaFase)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, `tabela-fase|${path.faseId}`, (sh, part) =>
        r.getTabelaFase(sh, part, c, path.faseId),
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/tabela',
    summary: 'Classificação completa',
    tag,
    recurso: 'tabela',
    asOf: true,
    params: campeonato,
    response: { schema: one(ref(Tabela)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, 'tabela', (sh, part) => r.getTabela(sh, part, c));
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/artilharia',
    summary: 'Artilharia (gols desc.; sem jogadores com 0 gols)',
    tag,
    recurso: 'artilharia',
    asOf: true,
    params: campeonato,
    response: { schema: list(ref(Jogador), obj({ campeonato_id: int, campeonato_nome: str, total: int })) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      return serveChampionship(ctx, s, c.id, 'artilharia', (sh, part) => r.getArtilharia(s, sh, part, c), {
        alsoGlobal: true,
      });
    },
  }),
  route({
    method: 'get',
    path: '/v1/campeonatos/{campeonatoId}/cobertura',
    summary: 'Cobertura de dados de um campeonato',
    tag,
    recurso: 'cobertura',
    asOf: true,
    params: campeonato,
    response: { schema: one(ref(Cobertura)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const { s, c } = camp(ctx, d, path.campeonatoId);
      const minute = minuteOf(d);
      return serveChampionship(ctx, s, c.id, `cobertura|${minute}`, () => r.getCobertura(s, c, minute));
    },
  }),
  route({
    method: 'get',
    path: '/v1/cobertura',
    summary: 'Cobertura de todos os campeonatos da temporada (padrão: a mais recente)',
    tag,
    recurso: 'cobertura',
    asOf: true,
    query: { temporada },
    response: { schema: list(ref(Cobertura), total) },
    errors: [400],
    handler(ctx, { query }, d) {
      const s = snapshotFor(d.holder, ctx);
      const minute = minuteOf(d);
      serve(ctx, s, `coberturas|${accessKey(ctx)}|${query.temporada}|${minute}`, () =>
        r.listCobertura(s, authOf(ctx), query.temporada, minute),
      );
    },
  }),
];
