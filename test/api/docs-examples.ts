/**
 * The request and response examples of the `/docs` page, made by real requests to a real server over the demo
 * fixtures (`fixtures/demo`), written to `src/api/openapi/examples.json` by `npm run docs:examples`.
 * test/api/docs-page.test.ts makes them again and fails when the file differs: the page never shows a
 * response the API no longer gives. Values that change from run to run (times, secrets, tickets) are replaced
 * by fixed ones; lists are cut to their first two items.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parametersOf, type Route } from '../../src/api/table/route.js';
import { ROUTES } from '../../src/api/table/routes.js';
import { BASE_URL_TOKEN, type DocsExamples, type OperationExamples } from '../../src/api/openapi/docs-page.js';
import { EVENTOS } from '../../src/domain/events.js';
import { SseClient } from '../kit/sse.js';
import { FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { clockFrom } from '../kit/clock.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';

export const EXAMPLES_FILE = fileURLToPath(new URL('../../src/api/openapi/examples.json', import.meta.url));

const HOOK_URL = 'https://receptor.exemplo.com.br/webhooks/svc';

/** The request each endpoint's example makes (path with query; JSON body), in the order they run. */
const REQUESTS: Record<string, { path: string; body?: unknown }> = {
  'GET /v1/campeonatos': { path: '/v1/campeonatos?tipo=pontos-corridos' },
  'GET /v1/campeonatos/{id}': { path: '/v1/campeonatos/1' },
  'GET /v1/campeonatos/{campeonatoId}/partidas': { path: '/v1/campeonatos/1/partidas?rodada=34&por_pagina=2' },
  'GET /v1/campeonatos/{campeonatoId}/rodadas': { path: '/v1/campeonatos/1/rodadas' },
  'GET /v1/campeonatos/{campeonatoId}/rodadas/{numero}': { path: '/v1/campeonatos/1/rodadas/34' },
  'GET /v1/campeonatos/{campeonatoId}/chave': { path: '/v1/campeonatos/2/chave' },
  'GET /v1/campeonatos/{campeonatoId}/fases': { path: '/v1/campeonatos/2/fases' },
  'GET /v1/campeonatos/{campeonatoId}/fases/{faseId}': { path: '/v1/campeonatos/2/fases/4' },
  'GET /v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela': { path: '/v1/campeonatos/2/fases/4/tabela' },
  'GET /v1/campeonatos/{campeonatoId}/tabela': { path: '/v1/campeonatos/1/tabela' },
  'GET /v1/campeonatos/{campeonatoId}/artilharia': { path: '/v1/campeonatos/1/artilharia' },
  'GET /v1/campeonatos/{campeonatoId}/cobertura': { path: '/v1/campeonatos/1/cobertura' },
  'GET /v1/cobertura': { path: '/v1/cobertura' },
  'GET /v1/partidas/ao-vivo': { path: '/v1/partidas/ao-vivo' },
  'GET /v1/partidas/{id}/eventos': { path: '/v1/partidas/328/eventos' },
  'GET /v1/partidas/{id}/estatisticas': { path: '/v1/partidas/328/estatisticas' },
  'GET /v1/partidas/{id}/escalacao': { path: '/v1/partidas/328/escalacao' },
  'GET /v1/times': { path: '/v1/times?q=fla' },
  'GET /v1/times/{timeId}/jogadores': { path: '/v1/times/1/jogadores' },
  'GET /v1/jogadores': { path: '/v1/jogadores?q=guimaraes&posicao=atacante' },
  'GET /v1/jogadores/{id}': { path: '/v1/jogadores/169' },
  'GET /v1/me': { path: '/v1/me' },
  'GET /v1/perfil/estatisticas': { path: '/v1/perfil/estatisticas' },
  'POST /v1/webhooks': {
    path: '/v1/webhooks',
    body: { nome: 'placar', url: HOOK_URL, eventos: ['partida.gol', 'partida.encerrada'] },
  },
  'GET /v1/webhooks': { path: '/v1/webhooks' },
  'GET /v1/webhooks/{id}': { path: '/v1/webhooks/1' },
  'PATCH /v1/webhooks/{id}': {
    path: '/v1/webhooks/1',
    body: {
      nome: 'placar e fim',
      url: HOOK_URL,
      eventos: ['partida.gol', 'partida.encerrada', 'rodada.encerrada'],
      ativo: true,
    },
  },
  'POST /v1/webhooks/{id}/rotacionar-segredo': { path: '/v1/webhooks/1/rotacionar-segredo' },
  'POST /v1/webhooks/{id}/testar': { path: '/v1/webhooks/1/testar' },
  'GET /v1/webhooks/{id}/entregas': { path: '/v1/webhooks/1/entregas' },
  'GET /v1/webhooks/{id}/entregas/{entregaId}': { path: '/v1/webhooks/1/entregas/{entrega}' },
  'POST /v1/webhooks/{id}/entregas/{entregaId}/reenviar': { path: '/v1/webhooks/1/entregas/{entrega}/reenviar' },
  'POST /v1/webhooks/{id}/entregas/reenviar': {
    path: '/v1/webhooks/1/entregas/reenviar?desde=2026-11-25T00:00:00-03:00',
  },
  'DELETE /v1/webhooks/{id}': { path: '/v1/webhooks/1' },
  'POST /v1/stream/ticket': { path: '/v1/stream/ticket' },
  'GET /v1/status': { path: '/v1/status' },
  'GET /healthz': { path: '/healthz' },
  'GET /readyz': { path: '/readyz' },
  'GET /v1/stream': { path: '/v1/stream' },
};

/** The test delivery's id is random: `{entrega}` in a path stands for it, and the examples show this one. */
const FIXED_DELIVERY_ID = 'ent_8f14e45fceea167a5a36dedd4bea2543';

/** Fields whose values differ on every run, and what the examples show instead. */
const FIXED: Record<string, unknown> = {
  criado_em: '2026-11-25T14:00:00-03:00',
  atualizado_em: '2026-11-25T14:05:00-03:00',
  criada_em: '2026-11-25T14:05:00-03:00',
  gerado_em: '2026-11-25T16:12:03-03:00',
  iniciado_em: '2026-11-25T13:58:00-03:00',
  carregado_em: '2026-11-25T14:00:01-03:00',
  expira_em: '2026-11-25T14:10:30-03:00',
  proxima_tentativa_em: '2026-11-25T14:05:00-03:00',
  data_hora: '2026-11-25T14:05:00-03:00',
  idade_segundos: 300,
  // Counted against the clock; at the demo's moment (22/11/2026 17:10) no match is overdue.
  partidas_atrasadas: 0,
  uptime_segundos: 420,
  // The serve cache's state (/v1/status) depends on what was read before, in the background too.
  bytes: 2_750_000,
  entradas: 23,
  acertos: 40,
  faltas: 23,
  tempo_medio_resposta_ms: 0.42,
  tempo_resposta_ms: 0.42,
  secret: 'whsec_3vQ9c2mX0kP7rT1yB8nF5hL4dS6aW2eZ',
  ticket: 'svc_tkt_Xb7Qp2Lm9Rt4Vw1Yz8Kd3Nf6Hj5Gc0Sa',
  url: null,
  id: null,
};

function fixed(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map((v) => fixed(v));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fixed(v, k)]));
  // A delivery's signed body is JSON in a string, with its own generation time.
  if (key === 'corpo' && typeof value === 'string') return JSON.stringify(fixed(JSON.parse(value)));
  if (key === undefined || !(key in FIXED) || value === null) return value;
  if (key === 'url')
    return typeof value === 'string' && value.includes('ticket=')
      ? `${BASE_URL_TOKEN}/v1/stream?ticket=${FIXED.ticket as string}`
      : value;
  // Delivery ids are random; snapshot, webhook and other ids are not.
  if (key === 'id') return typeof value === 'string' && !/^\d+$/.test(value) ? FIXED_DELIVERY_ID : value;
  return FIXED[key];
}

const keyOf = (e: Route) => `${e.method.toUpperCase()} ${e.path}`;

/** The error requests worth making for an endpoint: no key, a malformed id or body, an id that does not exist. */
function errorRequests(
  e: Route,
  example: string,
): { status: number; path: string; method: string; key: boolean; body?: string }[] {
  const method = e.method.toUpperCase();
  const params = parametersOf(e).map(({ name, param }) => ({
    name,
    in: param.in,
    schema: param.schema,
    required: param.required,
  }));
  const out: { status: number; path: string; method: string; key: boolean; body?: string }[] = [];
  if (e.recurso !== undefined) out.push({ status: 401, path: example, method, key: false });
  const idParams = params.filter((p) => p.in === 'path');
  const last = idParams.at(-1);
  // A malformed value is a 400 for a numeric id; a string id (a delivery's) that matches nothing is a 404.
  const lastNumeric = idParams.filter((p) => p.schema.type === 'integer').at(-1);
  const withPathValue = (value: string, param = last!) => {
    const segments = e.path.split('/');
    const at = segments.lastIndexOf(`{${param.name}}`);
    const concrete = example.split('?')[0]!.split('/');
    concrete[at] = value;
    return concrete.join('/');
  };
  if (e.errors.includes(400)) {
    if (lastNumeric) out.push({ status: 400, path: withPathValue('abc', lastNumeric), method, key: true });
    else if (params.some((p) => p.name === 'q')) out.push({ status: 400, path: e.path, method, key: true });
    else if (e.body) out.push({ status: 400, path: example, method, key: true, body: '{"eventos": ["gol"]}' });
    else if (e.path === '/v1/stream') out.push({ status: 400, path: '/v1/stream?eventos=gol', method, key: true });
    else if (params.some((p) => p.in === 'query'))
      out.push({ status: 400, path: `${e.path}?${params.find((p) => p.in === 'query')!.name}=x`, method, key: true });
  }
  // A required query parameter and a body the route requires are checked before the webhook is looked up (docs/decisions/api.md, "Order of checks").
  const validBody = e.body && !e.body.optional ? '{"ativo": true}' : undefined;
  const query = params.some((p) => p.in === 'query' && p.required) ? example.slice(example.indexOf('?')) : '';
  if (e.errors.includes(404) && last)
    out.push({ status: 404, path: withPathValue('999999') + query, method, key: true, body: validBody });
  return out;
}

async function call(h: Harness, method: string, p: string, key: string | undefined, body?: string) {
  return h.request(method, p, { key, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
}

/** Makes every example against a fresh data dir holding the demo fixtures. */
export async function makeExamples(): Promise<DocsExamples> {
  // On the fixtures' day, whatever day it is made: usage days and the delivery month are part of the examples.
  const h = await startHarness({
    resolve: async () => ['93.184.216.34'],
    clock: clockFrom(FIXTURES_NOW),
  });
  try {
    const key = await h.key('enterprise');
    const examples: DocsExamples = {};
    const byKey = new Map(ROUTES.map((e) => [keyOf(e), e]));
    let deliveryId = '';
    const shown = (p: string) => p.replaceAll(deliveryId || FIXED_DELIVERY_ID, FIXED_DELIVERY_ID);
    for (const [k, template] of Object.entries(REQUESTS)) {
      const req = { ...template, path: template.path.replace('{entrega}', deliveryId) };
      const e = byKey.get(k);
      if (!e) throw new Error(`docs example for an endpoint that is not documented: ${k}`);
      const method = k.split(' ')[0]!;
      const ex: OperationExamples = {
        request: { path: shown(req.path), ...(req.body === undefined ? {} : { body: req.body }) },
        errors: [],
      };
      for (const err of errorRequests(e, req.path)) {
        const r = await call(h, err.method, err.path, err.key ? key : undefined, err.body);
        if (r.status !== err.status)
          throw new Error(`${k}: ${err.method} ${err.path} answered ${r.status}, expected ${err.status}: ${r.text}`);
        ex.errors.push({ status: r.status, request: shown(err.path), body: r.json });
      }
      if (k === 'GET /v1/stream') {
        ex.response = { status: 200, text: await streamExample(h, key, req.path) };
      } else {
        const r = await call(
          h,
          method,
          req.path,
          e.recurso === undefined ? undefined : key,
          req.body === undefined ? undefined : JSON.stringify(req.body),
        );
        if (k === 'POST /v1/webhooks/{id}/testar') deliveryId = String(r.json.data.id);
        ex.response = { status: r.status, ...(r.json === null ? {} : { body: fixed(r.json) }) };
      }
      examples[k] = ex;
    }
    const missing = ROUTES.map(keyOf).filter((k) => !(k in examples));
    if (missing.length > 0) throw new Error(`no docs example for: ${missing.join(', ')}`);
    return examples;
  } finally {
    await h.cleanup();
  }
}

/**
 * The first event of each kind the live-day fixtures give, in catalogue order, as the stream sends them: the
 * payload examples of the docs, `svc webhooks trigger` and test deliveries (src/api/openapi/event-examples.ts).
 */
async function streamExample(h: Harness, key: string, p: string): Promise<string> {
  const stream = await SseClient.open(`${h.url}${p}`, { authorization: `Bearer ${key}` });
  try {
    for (const file of readdirSync(LIVE_DAY).sort()) await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]);
    await h.api.holder.refresh();
    const first = (evento: string) => stream.events.find((e) => e.event === evento);
    await stream.until(() => EVENTOS.every(first));
    return EVENTOS.map((evento) => {
      const e = first(evento)!;
      return `id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(fixed(JSON.parse(e.data!)))}\n`;
    }).join('\n');
  } finally {
    stream.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(EXAMPLES_FILE, `${JSON.stringify(await makeExamples(), null, 2)}\n`);
  process.stdout.write(`${path.relative(process.cwd(), EXAMPLES_FILE)}\n`);
}
