import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tempDir } from '../helpers/cli.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { DEMO_FIXTURES, ingestInto, startHarness } from './harness.js';

describe('quota consumption and usage statistics', () => {
  it('/v1/me counts every admitted request exactly under concurrency and across a restart, never itself', async () => {
    const { dir, cleanup } = tempDir('svc-api-usage-');
    try {
      await ingestInto(resolveDataDir(dir), [DEMO_FIXTURES]);
      // A flush interval far longer than the test: counts must survive the restart through the shutdown flush.
      let h = await startHarness({ dir, usageFlushMs: 60_000 });
      const key = h.key('pro', { cota_requisicoes: 1000, requisicoes_por_segundo: 10_000 });
      const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => h.get(i % 2 ? '/v1/campeonatos' : '/v1/campeonatos/999', key)));
      assert.deepEqual(new Set(statuses.map((s) => s.status)), new Set([200, 404]));
      const me = await h.get('/v1/me', key);
      assert.deepEqual(me.json, {
        data: { plano: 'pro', limites: { requisicoes: 1000, periodo: 'dia' }, consumo: { requisicoes_utilizadas: 60, requisicoes_restantes: 940 } },
      });
      await h.get('/v1/campeonatos/1', key);
      await h.stop();

      h = await startHarness({ dir, usageFlushMs: 60_000 });
      try {
        const after = await h.get('/v1/me', key);
        assert.deepEqual(after.json.data.consumo, { requisicoes_utilizadas: 61, requisicoes_restantes: 939 });
        assert.equal(after.headers.get('ratelimit-remaining'), '939');
        const stats = (await h.get('/v1/perfil/estatisticas', key)).json.data;
        assert.equal(stats.total_requisicoes, 63, 'every finished request before this one, /v1/me included (recorded, not counted against the quota)');
        assert.ok(stats.tempo_medio_resposta_ms > 0);
        assert.equal(stats.ultimas_requisicoes.length, 20);
        const last = stats.ultimas_requisicoes[0];
        assert.deepEqual(Object.keys(last), ['endpoint', 'metodo', 'status_code', 'tempo_resposta_ms', 'data_hora']);
        assert.equal(last.endpoint, '/v1/me');
        assert.equal(last.metodo, 'GET');
        assert.equal(last.status_code, 200);
        assert.ok(!Number.isNaN(Date.parse(last.data_hora)));
        assert.match(last.data_hora, /[+-]\d{2}:\d{2}$/, "ISO 8601 with an explicit offset");
        assert.equal(stats.ultimas_requisicoes[1].endpoint, '/v1/campeonatos/1');
      } finally {
        await h.stop();
      }
    } finally {
      cleanup();
    }
  });

  it('two servers on one control plane share the daily quota', async () => {
    const a = await startHarness({ usageFlushMs: 20 });
    const b = await startHarness({ dir: a.dir, usageFlushMs: 20 });
    try {
      const key = a.key('pro', { cota_requisicoes: 4 });
      assert.equal((await a.get('/v1/campeonatos', key)).status, 200);
      assert.equal((await a.get('/v1/campeonatos', key)).status, 200);
      a.api.usage.flush();
      assert.equal((await b.get('/v1/campeonatos', key)).status, 200);
      assert.equal((await b.get('/v1/campeonatos', key)).status, 200);
      b.api.usage.flush();
      assert.equal((await b.get('/v1/campeonatos', key)).status, 429);
      // Server a sees b's counts after its next flush interval (forced here instead of waiting).
      a.api.usage.flush();
      assert.equal((await a.get('/v1/campeonatos', key)).status, 429, 'the fifth request of the day is refused on either server');
      const me = await a.get('/v1/me', key);
      assert.equal(me.status, 200, '/v1/me answers at quota');
      assert.deepEqual(me.json.data.consumo, { requisicoes_utilizadas: 4, requisicoes_restantes: 0 });
    } finally {
      await b.stop();
      await a.cleanup();
    }
  });
});
