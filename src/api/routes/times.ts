import { int, list, obj, one, ref } from '../openapi/json-schema.js';
import { Jogador, POSICOES, Time, TIPO_TIME } from '../openapi/schemas.js';
import { pathId, queryEnum, queryInt, querySearch } from '../params.js';
import * as r from '../resources/times.js';
import { route } from '../table/route.js';
import { serve, snapshotFor } from './respond.js';

const tag = 'Times e jogadores';
const q = querySearch('Termo de busca (mínimo 2 caracteres; ignora maiúsculas e acentos)');
const total = obj({ total: int });

/** Endpoints 18–21. */
export const TIME_ROUTES = [
  route({
    method: 'get',
    path: '/v1/times',
    summary: 'Busca de times (até 20)',
    tag,
    recurso: 'times',
    asOf: true,
    query: { q, tipo: queryEnum('Tipo de time', TIPO_TIME) },
    response: { schema: list(ref(Time), total) },
    errors: [400],
    handler(ctx, { query }, d) {
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, `times|${query.tipo}|${query.q}`, () => r.searchTimes(s, query.q, query.tipo));
    },
  }),
  route({
    method: 'get',
    path: '/v1/times/{timeId}/jogadores',
    summary: 'Elenco de um time (posição, nome)',
    tag,
    recurso: 'jogadores',
    asOf: true,
    params: { timeId: pathId('id do time') },
    response: { schema: list(ref(Jogador), total) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, `elenco|${path.timeId}`, () => r.listJogadoresDoTime(s, path.timeId));
    },
  }),
  route({
    method: 'get',
    path: '/v1/jogadores',
    summary: 'Busca de jogadores (até 20)',
    tag,
    recurso: 'jogadores',
    asOf: true,
    query: {
      q,
      time: queryInt('id do time', 1, Number.MAX_SAFE_INTEGER),
      posicao: queryEnum('Posição', POSICOES),
    },
    response: { schema: list(ref(Jogador), total) },
    errors: [400],
    handler(ctx, { query: f }, d) {
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, `jogadores|${f.time}|${f.posicao}|${f.q}`, () => r.searchJogadores(s, f.q, f.time, f.posicao));
    },
  }),
  route({
    method: 'get',
    path: '/v1/jogadores/{id}',
    summary: 'Um jogador',
    tag,
    recurso: 'jogadores',
    asOf: true,
    params: { id: pathId('id do jogador') },
    response: { schema: one(ref(Jogador)) },
    errors: [400, 404],
    handler(ctx, { path }, d) {
      const s = snapshotFor(d.holder, ctx);
      serve(ctx, s, `jogador|${path.id}`, () => r.getJogador(s, path.id));
    },
  }),
];
