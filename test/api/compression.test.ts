import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { negotiate } from '../../src/api/compression.js';
import { startHarness, type Harness } from '../kit/server.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request that keeps the bytes as sent (fetch would decode them). */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression: gzip and brotli by Accept-Encoding, an ETag per representation', () => {
  let h: Harness;
  let auth: Record<string, string>;
  before(async () => {
    h = await startHarness();
    auth = { authorization: `Bearer ${await h.key('enterprise')}` };
  });
  after(() => h.cleanup());

  it('negotiates brotli first, then gzip; q=0 refuses; * accepts', () => {
    assert.equal(negotiate(''), 'identity');
    assert.equal(negotiate('gzip, deflate, br'), 'br');
    assert.equal(negotiate('gzip'), 'gzip');
    assert.equal(negotiate('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(negotiate('identity'), 'identity');
    assert.equal(negotiate('*'), 'br');
    assert.equal(negotiate('br;q=0, *'), 'gzip');
    assert.equal(negotiate('gzip;q=0, br;q=0'), 'identity');
  });

  it('each coding decodes to the same bytes, with its own strong ETag, Vary and length; 304 per representation', async () => {
    const url = `${h.url}/v1/campeonatos/1/rodadas`;
    const plain = await raw(url, auth);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /Accept-Encoding/);
    const seen = new Set([plain.headers.etag]);
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const r = await raw(url, { ...auth, 'accept-encoding': coding });
      assert.equal(r.headers['content-encoding'], coding);
      assert.match(String(r.headers.vary), /Accept-Encoding/);
      assert.equal(Number(r.headers['content-length']), r.body.length);
      assert.ok(r.body.length < plain.body.length / 5, `${coding}: ${r.body.length} of ${plain.body.length}`);
      assert.deepEqual(decode(r.body), plain.body);
      assert.match(String(r.headers.etag), new RegExp(`^"[\\w-]{27}-${coding}"$`));
      seen.add(r.headers.etag);
      const again = await raw(url, { ...auth, 'accept-encoding': coding });
      assert.deepEqual(again.body, r.body, 'compressed once, the same bytes after');
      const notModified = await raw(url, {
        ...auth,
        'accept-encoding': coding,
        'if-none-match': String(r.headers.etag),
      });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.body.length, 0);
      assert.equal(notModified.headers.etag, r.headers.etag);
      assert.match(String(notModified.headers.vary), /Accept-Encoding/);
      const otherRepresentation = await raw(url, { ...auth, 'if-none-match': String(r.headers.etag) });
      assert.equal(otherRepresentation.status, 200, 'the plain body does not match a compressed tag');
    }
    assert.equal(seen.size, 3);
  });

  it('small bodies stay plain; HEAD gives the compressed length; /docs and the OpenAPI document compress too', async () => {
    const small = await raw(`${h.url}/v1/campeonatos/1`, { ...auth, 'accept-encoding': 'br' });
    assert.equal(small.status, 200);
    assert.equal(small.headers['content-encoding'], undefined);
    const get = await raw(`${h.url}/v1/campeonatos/1/tabela`, { ...auth, 'accept-encoding': 'gzip' });
    const head = await raw(`${h.url}/v1/campeonatos/1/tabela`, { ...auth, 'accept-encoding': 'gzip' }, 'HEAD');
    assert.equal(head.headers['content-length'], String(get.body.length));
    assert.equal(head.headers['content-encoding'], 'gzip');
    for (const p of ['/docs', '/v1/openapi.json']) {
      const r = await raw(`${h.url}${p}`, { 'accept-encoding': 'br' });
      assert.equal(r.headers['content-encoding'], 'br', p);
      const nm = await raw(`${h.url}${p}`, { 'accept-encoding': 'br', 'if-none-match': String(r.headers.etag) });
      assert.equal(nm.status, 304, p);
    }
  });

  it('with CORS, Vary names both Origin and Accept-Encoding', async () => {
    const cors = await startHarness({ dir: h.dir, corsOrigins: ['https://app.exemplo.com.br'] });
    try {
      const r = await raw(`${cors.url}/v1/campeonatos/1/rodadas`, {
        ...auth,
        origin: 'https://app.exemplo.com.br',
        'accept-encoding': 'gzip',
      });
      assert.equal(r.status, 200);
      const vary = String(r.headers.vary);
      assert.match(vary, /Origin/);
      assert.match(vary, /Accept-Encoding/);
    } finally {
      await cors.stop();
    }
  });
});
