import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_AGE } from '../../src/api/resources/cache-policy.js';
import { startHarness, type Harness } from '../kit/server.js';

describe('caching: strong ETag, 304, Cache-Control per kind of data', () => {
  let h: Harness;
  let key: string;

  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
  });
  after(() => h.cleanup());

  it('every data response has a strong ETag; If-None-Match answers 304 with no body', async () => {
    const first = await h.get('/v1/campeonatos/1/tabela', key);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]{27}"$/, 'strong (no W/ prefix)');
    const again = await h.get('/v1/campeonatos/1/tabela', key);
    assert.equal(again.headers.get('etag'), etag, 'same bytes, same tag');
    assert.equal(again.text, first.text);
    for (const inm of [etag!, `"other", ${etag}`, `W/${etag}`, '*']) {
      const r = await h.get('/v1/campeonatos/1/tabela', key, { 'if-none-match': inm });
      assert.equal(r.status, 304, inm);
      assert.equal(r.text, '');
      assert.equal(r.headers.get('etag'), etag);
    }
    const miss = await h.get('/v1/campeonatos/1/tabela', key, { 'if-none-match': '"nope"' });
    assert.equal(miss.status, 200);
    const other = await h.get('/v1/campeonatos/2/tabela', key);
    assert.notEqual(other.headers.get('etag'), etag);
  });

  it('a memoised response, written in one go, carries every header; a 304 keeps ours; HEAD gets the headers only', async () => {
    const own = (r: { headers: Headers }) =>
      ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((n) => r.headers.get(n));
    const ok = await h.get('/v1/partidas/328/estatisticas', key);
    assert.equal(ok.status, 200);
    assert.ok(
      own(ok).every((v) => v !== null && v !== ''),
      JSON.stringify(own(ok)),
    );
    assert.equal(ok.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(ok.headers.get('content-length'), String(Buffer.byteLength(ok.text)));
    assert.match(ok.headers.get('cache-control') ?? '', /^private, max-age=\d+$/);
    const etag = ok.headers.get('etag')!;
    const notModified = await h.get('/v1/partidas/328/estatisticas', key, { 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    assert.ok(own(notModified).every((v) => v !== null && v !== ''));
    assert.notEqual(notModified.headers.get('x-request-id'), ok.headers.get('x-request-id'));
    assert.equal(
      Number(notModified.headers.get('ratelimit-remaining')),
      Number(ok.headers.get('ratelimit-remaining')) - 1,
    );
    const head = await h.request('HEAD', '/v1/partidas/328/estatisticas', { key });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal(head.headers.get('etag'), etag);
    assert.equal(head.headers.get('content-length'), ok.headers.get('content-length'));
    assert.ok(own(head).every((v) => v !== null && v !== ''));
    const logged = h.logs.filter((l) => l.path === '/v1/partidas/328/estatisticas').map((l) => l.status);
    assert.deepEqual(logged.slice(-3), [200, 304, 200], 'the access log has the status that was sent');
  });

  it('Cache-Control: 15 s live list and events of a live match, 60 s other events, longer for finished data', async () => {
    const cc = async (p: string) => (await h.get(p, key)).headers.get('cache-control');
    assert.equal(await cc('/v1/partidas/ao-vivo'), `private, max-age=${MAX_AGE.live}`);
    assert.equal(MAX_AGE.live, 15);
    assert.equal(await cc('/v1/partidas/337/eventos'), 'private, max-age=15', 'live match');
    assert.equal(await cc('/v1/partidas/1/eventos'), 'private, max-age=60', 'finished match');
    assert.equal(await cc('/v1/partidas/400/eventos'), 'private, max-age=60', 'match not started');
    assert.equal(
      await cc('/v1/partidas/328/estatisticas'),
      `private, max-age=${MAX_AGE.finished}`,
      'finished match data',
    );
    assert.equal(await cc('/v1/campeonatos/1/rodadas/1'), `private, max-age=${MAX_AGE.finished}`, 'finished round');
    assert.equal(await cc('/v1/campeonatos/1/tabela'), 'private, max-age=60', 'championship in progress');
    assert.ok(MAX_AGE.finished > 60);
    assert.equal(await cc('/v1/me'), 'no-store');
  });
});
