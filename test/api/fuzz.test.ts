import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parametersOf } from '../../src/api/table/route.js';
import { ROUTES } from '../../src/api/table/routes.js';
import { startHarness, type Harness } from '../kit/server.js';

/** Deterministic PRNG (mulberry32) so a failure is reproducible. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [
  '',
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '1e3',
  '+1',
  ' 1',
  '0x10',
  '007',
  '99999999999999999999999999',
  '9007199254740993',
  'abc',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'é',
  'São',
  '😀',
  '\u0000',
  '%00',
  '%FF',
  '%E0%A4%A',
  '..',
  '../..',
  "1' OR '1'='1",
  '1; DROP TABLE partidas; --',
  '%27%20OR%201=1',
  '<script>',
  'a'.repeat(3000),
  '1'.repeat(300),
  '2026-02-30',
  '2026-13-01',
  '2026-1-1',
  'aguardando',
  'ao_vivo',
  'mata-mata',
  'goleiro',
  'clube',
];

// `..` in a path is normalised away by the client (it would test another endpoint), so not a path value.
const NASTY_PATH = NASTY.filter((v) => !v.includes('..'));

describe('fuzzing query strings and path parameters of every endpoint', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise', { requisicoes_por_segundo: 1_000_000, cota_requisicoes: 100_000_000 });
  });
  after(() => h.cleanup());

  it('never a 500, never a hang: always 200, 304 or the documented 400/404 with the error shape', {
    timeout: 300_000,
  }, async () => {
    const random = rng(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const seen = new Map<number, number>();
    const enc = (v: string) => (v.includes('%') ? v : encodeURIComponent(v));
    // JSON endpoints only: a stream (text/event-stream) that opens never ends; its filters are tested in stream.test.ts.
    for (const e of ROUTES.filter((x) => x.method === 'get' && x.response.mediaType === undefined)) {
      const params = parametersOf(e).map(({ name, param }) => ({ name, in: param.in }));
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      for (let n = 0; n < 60; n++) {
        let path = e.path;
        for (const p of pathParams)
          path = path.replace(
            `{${p.name}}`,
            enc(random() < 0.3 ? String(1 + Math.floor(random() * 400)) : pick(NASTY_PATH)),
          );
        const query: string[] = [];
        for (const p of queryParams) {
          if (random() < 0.5) query.push(`${p.name}=${enc(pick(NASTY))}`);
          if (random() < 0.1) query.push(`${p.name}=${enc(pick(NASTY))}`); // repeated
        }
        if (random() < 0.2) query.push(`${enc(pick(NASTY))}=${enc(pick(NASTY))}`); // unknown parameter
        const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
        const r = await h.request('GET', url, { key, headers: {} });
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        assert.ok([200, 400, 404].includes(r.status), `GET ${url} → ${r.status} ${r.text.slice(0, 200)}`);
        if (r.status !== 200) {
          assert.deepEqual(Object.keys(r.json), ['erro', 'mensagem'], url);
          assert.ok(
            ['Parâmetro inválido', 'Parâmetro obrigatório', 'Não encontrado', 'Requisição inválida'].includes(
              r.json.erro,
            ),
            `${url}: ${r.text}`,
          );
        }
        if (r.json?.erro === 'Parâmetro inválido') {
          const named = params.some((p) => r.json.mensagem.startsWith(`O parâmetro ${p.name} `));
          assert.ok(named, `${url}: the message names a parameter of the endpoint: ${r.json.mensagem}`);
        }
      }
    }
    assert.ok(
      (seen.get(200) ?? 0) > 0 && (seen.get(400) ?? 0) > 0 && (seen.get(404) ?? 0) > 0,
      JSON.stringify([...seen]),
    );
  });

  it('malformed percent-encoding in the path is a 400, not a 500', async () => {
    const r = await h.get('/v1/campeonatos/%E0%A4%A', key);
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, {
      erro: 'Parâmetro inválido',
      mensagem: 'O parâmetro id deve ser um número inteiro positivo.',
    });
  });
});
