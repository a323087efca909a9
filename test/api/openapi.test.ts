import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../kit/server.js';
import { OPENAPI } from '../kit/openapi.js';
import { ROUTES } from '../../src/api/table/routes.js';

describe('OpenAPI document and /docs', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ ingestDemo: false });
  });
  after(() => h.cleanup());

  it('/v1/openapi.json is OpenAPI 3.1, version 1.0.0, the same document the tests validate against', async () => {
    const r = await h.get('/v1/openapi.json');
    assert.equal(r.status, 200);
    assert.equal(r.json.openapi, '3.1.0');
    assert.equal(r.json.info.version, '1.0.0');
    assert.deepEqual(r.json, JSON.parse(JSON.stringify(OPENAPI)));
  });

  it('the route table, the router and the document agree: every route routed and documented, nothing else routed but pages', async () => {
    const paths = OPENAPI.paths as Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    // Pages for people (the reference, the control panel) and the operators' /metrics are not API operations.
    const PAGES = ['/v1/openapi.json', '/docs', '/metrics', '/painel', '/painel/', '/painel/{file}'];
    const routed = h.api.routed.map((r) => `${r.method} ${r.template}`);
    const table = ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    assert.deepEqual(
      routed.filter((r) => !PAGES.includes(r.split(' ')[1]!)),
      table,
      'routed: the table, in its order, and nothing else',
    );
    assert.deepEqual(
      Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
      table,
      'documented: the table, in its order',
    );
    for (const r of ROUTES) {
      const op = paths[r.path]![r.method]!;
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      assert.deepEqual(
        op.parameters.filter((x) => x.in === 'path').map((x) => x.name),
        names,
        `${r.method} ${r.path}: its path parameters`,
      );
      // The router answers it (a route's own answer, never the router's 404 or 405).
      const res = await h.request(r.method.toUpperCase(), r.path.replace(/\{\w+\}/g, '1'), {
        headers: { 'content-type': 'application/json' },
        body: r.method === 'get' || r.method === 'delete' ? undefined : '{}',
      });
      assert.notEqual(res.json?.mensagem, 'Rota não encontrada.', `${r.method} ${r.path}`);
      assert.notEqual(res.status, 405, `${r.method} ${r.path}`);
    }
    const dataAndAccount = ROUTES.filter(
      (r) => r.method === 'get' && r.recurso !== undefined && !['webhooks', 'stream'].includes(r.recurso),
    );
    assert.equal(dataAndAccount.length, 23, 'the 23 data and account endpoints of the spec');
    const partidas = paths['/v1/campeonatos/{campeonatoId}/partidas']!.get as unknown as {
      parameters: { name: string }[];
      responses: Record<string, unknown>;
    };
    assert.deepEqual(
      partidas.parameters.map((x) => x.name),
      ['campeonatoId', 'rodada', 'status', 'time', 'data_inicio', 'data_fim', 'pagina', 'por_pagina', 'snapshot'],
    );
    assert.deepEqual(Object.keys(partidas.responses), ['200', '304', '400', '401', '403', '404', '429', '500']);
  });

  it('/docs is a self-contained HTML reference rendered from the document', async () => {
    const r = await h.get('/docs');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(
      r.headers.get('content-security-policy') ?? '',
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/,
    );
    for (const p of Object.keys(OPENAPI.paths as object)) assert.ok(r.text.includes(`<code>${p}</code>`), p);
    assert.equal(/(src|href)="(https?:)?\/\//.test(r.text), false, 'no external resources');
    assert.equal(r.text.match(/<script/gi)?.length, 1, 'one inline script (copy buttons), allowed by its hash');
    assert.equal(/<script[^>]*\bsrc=/i.test(r.text), false);
  });
});
