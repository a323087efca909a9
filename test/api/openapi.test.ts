import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../kit/server.js';
import { OPENAPI } from '../kit/openapi.js';

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

  it('documents every data, account and status route the app serves, with parameters and error responses', () => {
    const paths = OPENAPI.paths as Record<
      string,
      { get: { parameters: { name: string }[]; responses: Record<string, unknown> } }
    >;
    // Pages for people (the reference, the control panel) and the operators' /metrics are not API operations.
    const isPage = (path: string) =>
      ['/v1/openapi.json', '/docs', '/metrics'].includes(path) || path.startsWith('/painel');
    const PUBLIC = ['/v1/status', '/healthz', '/readyz'];
    const BEYOND_SPEC = ['/v1/stream'];
    const served = h.api.router.stack
      .map((l) => ({ methods: l.methods, path: String(l.path) }))
      .filter(
        (l) =>
          l.methods.includes('GET') &&
          !l.path.startsWith('/v1/webhooks') &&
          !PUBLIC.includes(l.path) &&
          !isPage(l.path) &&
          !BEYOND_SPEC.includes(l.path),
      )
      .map((l) => l.path.replace(/:(\w+)/g, '{$1}'));
    assert.equal(served.length, 23, 'the 23 data and account endpoints of the spec');
    for (const p of [...served, '/v1/status', '/healthz', '/readyz']) {
      const op = paths[p]?.get;
      assert.ok(op, `${p} documented`);
      for (const name of p.match(/\{(\w+)\}/g) ?? []) {
        assert.ok(
          op.parameters.some((x) => `{${x.name}}` === name),
          `${p}: path parameter ${name}`,
        );
      }
    }
    for (const layer of h.api.router.stack.filter((l) => !isPage(String(l.path)))) {
      const p = String(layer.path).replace(/:(\w+)/g, '{$1}');
      for (const m of layer.methods.filter((x) => x !== 'HEAD')) {
        assert.ok((paths[p] as Record<string, unknown> | undefined)?.[m.toLowerCase()], `${m} ${p} documented`);
      }
    }
    const partidas = paths['/v1/campeonatos/{campeonatoId}/partidas']!.get;
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
