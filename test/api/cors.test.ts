import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ROUTES } from '../../src/api/table/routes.js';
import { runSvc } from '../kit/svc.js';
import { startHarness, type Harness } from '../kit/server.js';

const ORIGIN = 'https://app.exemplo.com.br';

/** A concrete path for an OpenAPI path template (every parameter is an id or number here). */
const concrete = (p: string) => p.replace(/\{[^}]+\}/g, '1');

function preflight(h: Harness, path: string, method: string, origin = ORIGIN) {
  return h.request('OPTIONS', path, {
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, if-none-match',
    },
  });
}

describe('CORS: any origin by default', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
  });
  after(() => h.cleanup());

  it('answers the preflight of every /v1 route and method with 204, without a key', async () => {
    const v1 = ROUTES.filter((e) => e.path.startsWith('/v1/'));
    assert.ok(v1.length > 20);
    for (const e of v1) {
      const method = e.method.toUpperCase();
      const r = await preflight(h, concrete(e.path), method);
      assert.equal(r.status, 204, `${method} ${e.path}: ${r.text}`);
      assert.equal(r.headers.get('access-control-allow-origin'), '*');
      assert.match(r.headers.get('access-control-allow-methods') ?? '', new RegExp(`\\b${method}\\b`));
      const allowHeaders = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const name of ['authorization', 'if-none-match']) assert.ok(allowHeaders.includes(name), allowHeaders);
    }
  });

  it('a preflight for an unknown path is 404 and for a method the route lacks 405, as without CORS', async () => {
    const unknown = await preflight(h, '/v1/nada', 'GET');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { erro: 'Não encontrado', mensagem: 'Rota não encontrada.' });
    const wrong = await preflight(h, '/v1/campeonatos', 'DELETE');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.json.erro, 'Método não permitido');
  });

  it('a cross-origin GET carries Allow-Origin and exposes ETag, RateLimit-*, Retry-After and X-Request-Id', async () => {
    const r = await h.get('/v1/campeonatos', key, { origin: ORIGIN });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    const exposed = (r.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase());
    for (const name of [
      'etag',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'retry-after',
      'x-request-id',
    ])
      assert.ok(exposed.includes(name), name);
    const denied = await h.get('/v1/campeonatos', undefined, { origin: ORIGIN });
    assert.equal(denied.status, 401, 'errors are readable by the page too');
    assert.equal(denied.headers.get('access-control-allow-origin'), '*');
  });

  it('a same-origin request (no Origin header) gets no CORS headers', async () => {
    const r = await h.get('/v1/campeonatos', key);
    assert.equal(r.headers.get('access-control-allow-origin'), null);
  });
});

describe('CORS: a configured list of origins', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ corsOrigins: [ORIGIN, 'http://localhost:5173'] });
  });
  after(() => h.cleanup());

  it('echoes an allowed origin with Vary: Origin, and gives another origin no CORS headers', async () => {
    const ok = await preflight(h, '/v1/campeonatos/1/tabela', 'GET', 'http://localhost:5173');
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(ok.headers.get('vary') ?? '', /Origin/);
    const other = await preflight(h, '/v1/campeonatos/1/tabela', 'GET', 'https://evil.example');
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    assert.equal(other.status, 405, 'not answered as a preflight: the route has no OPTIONS');
  });
});

describe('svc serve --cors-origins (the real binary)', () => {
  it('rejects an origin with a path in one line naming the flag or the variable, exit code 2', async () => {
    const flag = await runSvc(['serve', '--port', '0', '--cors-origins', 'https://app.example/x']);
    assert.equal(flag.code, 2);
    assert.equal(flag.stderr.trim().split('\n').length, 1, flag.stderr);
    assert.match(flag.stderr, /^svc: --cors-origins inválida: origem "https:\/\/app\.example\/x"/);
    const env = await runSvc(['serve', '--port', '0'], { env: { SVC_CORS_ORIGINS: 'app.example' } });
    assert.equal(env.code, 2);
    assert.match(env.stderr, /^svc: SVC_CORS_ORIGINS inválida: origem "app\.example"/);
  });
});
