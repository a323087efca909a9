import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { DEMO_FIXTURES } from '../kit/fixtures.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness } from '../kit/server.js';
import { HISTORY_DAYS, type UsageStore } from '../../src/control/usage-store.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb } from '../../src/control/database.js';
import { UsageMeter } from '../../src/api/usage-meter.js';
import { ManualClock } from '../kit/clock.js';

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('quota consumption and usage statistics', () => {
  it('/v1/me counts every admitted request exactly under concurrency and across a restart, never itself', async () => {
    const { dir, cleanup } = tempDir('svc-api-usage-');
    try {
      await ingestInto(resolveDataDir(dir), [DEMO_FIXTURES]);
      // A flush interval far longer than the test: counts must survive the restart through the shutdown flush.
      let h = await startHarness({ dir, usageFlushMs: 60_000 });
      const key = await h.key('pro', { cota_requisicoes: 1000, requisicoes_por_segundo: 10_000 });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, i) => h.get(i % 2 ? '/v1/campeonatos' : '/v1/campeonatos/999', key)),
      );
      assert.deepEqual(new Set(statuses.map((s) => s.status)), new Set([200, 404]));
      const me = await h.get('/v1/me', key);
      assert.deepEqual(me.json, {
        data: {
          plano: 'pro',
          limites: { requisicoes: 1000, periodo: 'dia' },
          consumo: { requisicoes_utilizadas: 60, requisicoes_restantes: 940 },
        },
      });
      await h.get('/v1/campeonatos/1', key);
      await h.stop();

      h = await startHarness({ dir, usageFlushMs: 60_000 });
      try {
        const after = await h.get('/v1/me', key);
        assert.deepEqual(after.json.data.consumo, { requisicoes_utilizadas: 61, requisicoes_restantes: 939 });
        assert.equal(after.headers.get('ratelimit-remaining'), '939');
        const stats = (await h.get('/v1/perfil/estatisticas', key)).json.data;
        assert.equal(
          stats.total_requisicoes,
          63,
          'every finished request before this one, /v1/me included (recorded, not counted against the quota)',
        );
        assert.ok(stats.tempo_medio_resposta_ms > 0);
        assert.equal(stats.ultimas_requisicoes.length, 20);
        const last = stats.ultimas_requisicoes[0];
        assert.deepEqual(Object.keys(last), ['endpoint', 'metodo', 'status_code', 'tempo_resposta_ms', 'data_hora']);
        assert.equal(last.endpoint, '/v1/me');
        assert.equal(last.metodo, 'GET');
        assert.equal(last.status_code, 200);
        assert.ok(!Number.isNaN(Date.parse(last.data_hora)));
        assert.match(last.data_hora, /[+-]\d{2}:\d{2}$/, 'ISO 8601 with an explicit offset');
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
      const key = await a.key('pro', { cota_requisicoes: 4 });
      assert.equal((await a.get('/v1/campeonatos', key)).status, 200);
      assert.equal((await a.get('/v1/campeonatos', key)).status, 200);
      await a.api.usage.flush();
      assert.equal((await b.get('/v1/campeonatos', key)).status, 200);
      assert.equal((await b.get('/v1/campeonatos', key)).status, 200);
      await b.api.usage.flush();
      assert.equal((await b.get('/v1/campeonatos', key)).status, 429);
      // Server a sees b's counts after its next flush interval (forced here instead of waiting).
      await a.api.usage.flush();
      assert.equal(
        (await a.get('/v1/campeonatos', key)).status,
        429,
        'the fifth request of the day is refused on either server',
      );
      const me = await a.get('/v1/me', key);
      assert.equal(me.status, 200, '/v1/me answers at quota');
      assert.deepEqual(me.json.data.consumo, { requisicoes_utilizadas: 4, requisicoes_restantes: 0 });
    } finally {
      await b.stop();
      await a.cleanup();
    }
  });

  it('/v1/perfil/estatisticas: requests per day over the last 30 days and per route template', async () => {
    const h = await startHarness({ usageFlushMs: 60_000 });
    try {
      const key = await h.key('pro');
      for (const p of [
        '/v1/campeonatos/1/tabela',
        '/v1/campeonatos/2/tabela',
        '/v1/campeonatos/999/tabela',
        '/v1/campeonatos',
      ])
        await h.get(p, key);
      const keyId = (h.control.prepare('SELECT max(id) AS id FROM chaves_api').get() as { id: number }).id;
      // Earlier days, as a server would have flushed them: one inside the window, one just outside it.
      await h.controlPlane.usage.add(
        [
          { chaveId: keyId, dia: dayBefore(HISTORY_DAYS - 1), requisicoes: 7 },
          { chaveId: keyId, dia: dayBefore(HISTORY_DAYS), requisicoes: 9 },
        ],
        [],
        [],
        [
          {
            chaveId: keyId,
            dia: dayBefore(HISTORY_DAYS - 1),
            metodo: 'GET',
            endpoint: '/v1/campeonatos',
            requisicoes: 7,
          },
          { chaveId: keyId, dia: dayBefore(HISTORY_DAYS), metodo: 'GET', endpoint: '/v1/me', requisicoes: 9 },
        ],
      );
      const stats = (await h.get('/v1/perfil/estatisticas', key)).json.data;
      assert.equal(stats.requisicoes_por_dia.length, 30);
      assert.deepEqual(stats.requisicoes_por_dia[0], { dia: dayBefore(HISTORY_DAYS - 1), requisicoes: 7 });
      assert.deepEqual(
        stats.requisicoes_por_dia[29],
        { dia: dayBefore(0), requisicoes: 4 },
        'today, as the quota counts them: this request of the key about itself is not counted',
      );
      assert.equal(
        stats.requisicoes_por_dia.slice(1, 29).every((d: { requisicoes: number }) => d.requisicoes === 0),
        true,
      );
      assert.deepEqual(
        stats.requisicoes_por_endpoint,
        [
          { metodo: 'GET', endpoint: '/v1/campeonatos', requisicoes: 8 },
          { metodo: 'GET', endpoint: '/v1/campeonatos/{campeonatoId}/tabela', requisicoes: 3 },
        ],
        'grouped by route (a 404 for an unknown id included), the day outside the window left out; this request not yet finished',
      );
      const kept = h.control
        .prepare('SELECT count(*) AS n FROM uso_endpoint_diario WHERE dia < ?')
        .get(dayBefore(HISTORY_DAYS - 1)) as { n: number };
      assert.equal(kept.n, 0, 'per-route rows older than the window are deleted');
    } finally {
      await h.cleanup();
    }
  });
});

/** A real control.db in a temp dir with one key: what the meter's tests run against. */
async function withKey(
  prefix: string,
  fn: (c: { store: UsageStore; chave: number; reserved: () => number }) => Promise<void>,
): Promise<void> {
  const { dir, cleanup } = tempDir(prefix);
  const db = await openControlDb(resolveDataDir(dir).controlDb);
  try {
    const { usage: store, accounts } = sqliteControlPlane(db);
    const chave = (await accounts.createKey((await accounts.createAccount('acme', 'pro')).id, null)).record.id;
    // The key's quota reserved by processes today (`uso_diario.reservadas`).
    const reserved = () =>
      (db.prepare('SELECT reservadas FROM uso_diario WHERE chave_id = ?').get(chave) as { reservadas: number })
        .reservadas;
    await fn({ store, chave, reserved });
  } finally {
    db.close();
    cleanup();
  }
}

describe('usage meter when a write fails (control plane briefly out of reach)', () => {
  it('keeps the counts and writes them with the next flush: nothing admitted is lost', async () => {
    await withKey('svc-api-usage-fail-', async ({ store, chave }) => {
      let failNext = true;
      const meter = new UsageMeter({
        ...store,
        add: (...args) => {
          if (!failNext) return store.add(...args);
          failNext = false;
          return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
        },
      });
      const record = (rota: string) =>
        meter.record({
          chaveId: chave,
          endpoint: rota,
          metodo: 'GET',
          rota,
          status_code: 200,
          tempo_resposta_ms: 2,
          data_hora: new Date().toISOString(),
        });
      for (let i = 0; i < 3; i++) {
        assert.equal((await meter.admit(chave, 100)).allowed, true);
        record('/v1/campeonatos');
      }
      await assert.rejects(meter.flush(), /ECONNREFUSED/);
      assert.equal((await meter.admit(chave, 100)).allowed, true);
      record('/v1/times');
      await meter.flush();
      const dia = new Date().toISOString().slice(0, 10);
      assert.equal(await store.usedOn(chave, dia), 4, 'the three of the failed write and the one after');
      const st = await store.stats(chave);
      assert.equal(st.total_requisicoes, 4);
      assert.equal(st.recentes.length, 4);
      await meter.stop();
    });
  });
});

describe('usage meter quota blocks', () => {
  it('a block used up within a second asks for twice as much next, one that lasted longer for half, never under 100', async () => {
    await withKey('svc-api-usage-blocks-', async ({ store, chave, reserved }) => {
      const clock = new ManualClock(Date.parse('2026-03-10T12:00:00Z'));
      const meter = new UsageMeter(store, 200, () => {}, clock);
      const admit = async (n: number) => {
        for (let i = 0; i < n; i++) assert.equal((await meter.admit(chave, 1_000_000_000)).allowed, true);
        // The block reserved ahead, once a quarter of the last was left, lands before the count is read.
        await new Promise<void>((r) => setImmediate(r));
      };
      await admit(1);
      assert.equal(reserved(), 100, 'the first block');
      await admit(100);
      assert.equal(reserved(), 300, 'used up at once: the next asks for 200');
      clock.advance(500);
      await admit(200);
      assert.equal(reserved(), 700, 'used up within a second: 400');
      clock.advance(5_000);
      await admit(400);
      assert.equal(reserved(), 900, 'lasted five seconds: 200');
      clock.advance(5_000);
      await admit(200);
      clock.advance(5_000);
      await admit(100);
      assert.equal(reserved(), 1100, 'then 100, and never less');
      await meter.stop();
    });
  });
});

describe('usage meter under a steady load', () => {
  it('reserves the next block while a quarter of one is left: a busy key never waits for the control plane', async () => {
    await withKey('svc-api-usage-ahead-', async ({ store, chave, reserved }) => {
      // The data dir's own store, its reservations counted.
      const blocks: number[] = [];
      const now = Date.parse('2026-03-01T12:00:00Z');
      const meter = new UsageMeter(
        {
          ...store,
          lease: (...args) => {
            blocks.push(args[3]);
            return store.lease(...args);
          },
        },
        200,
        () => {},
        new ManualClock(now),
      );
      const first = meter.admit(chave, 1_000_000);
      assert.ok(first instanceof Promise, 'the first request reserves the first block');
      await first;
      const waited: number[] = [];
      for (let n = 2; n <= 400; n++) {
        const a = meter.admit(chave, 1_000_000);
        if (a instanceof Promise) {
          waited.push(n);
          await a;
        } else assert.equal(a.allowed, true);
        // Requests arrive in their own turns of the event loop, as over sockets.
        await new Promise<void>((r) => setImmediate(r));
      }
      assert.deepEqual(waited, [], 'no request after the first waited for a reservation');
      assert.deepEqual(blocks, [100, 200, 400], 'reserved at requests 1, 76 and 251, each used up within a second');
      await meter.stop();
      const dia = new Date(now).toISOString().slice(0, 10);
      assert.equal(await store.usedOn(chave, dia), 400, 'every admitted request counted');
      assert.equal(reserved(), 400, 'the block reserved ahead and unused given back at shutdown');
    });
  });
});

describe('usage meter when a block reserved ahead fails', () => {
  it('the block in hand is used up, then the request that finds it empty reserves again', async () => {
    await withKey('svc-api-usage-ahead-fails-', async ({ store, chave }) => {
      const blocks: number[] = [];
      const meter = new UsageMeter(
        {
          ...store,
          lease: (...args) => {
            blocks.push(args[3]);
            // The second is the one reserved ahead: the control plane is out of reach for it.
            if (blocks.length === 2)
              return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
            return store.lease(...args);
          },
        },
        200,
        () => {},
        new ManualClock(Date.parse('2026-03-01T12:00:00Z')),
      );
      await meter.admit(chave, 1_000_000);
      const waited: number[] = [];
      for (let n = 2; n <= 101; n++) {
        const a = meter.admit(chave, 1_000_000);
        if (a instanceof Promise) waited.push(n);
        assert.equal((await a).allowed, true, `request ${n}`);
        await new Promise<void>((r) => setImmediate(r));
      }
      // Sized once per block granted: the retry asks for what the failed reservation asked, not twice as much again.
      assert.deepEqual(blocks, [100, 200, 200], 'the first, the failed one ahead, and one when the block ran out');
      assert.deepEqual(waited, [101], 'only the request that found the block empty waited');
      await meter.stop();
    });
  });
});

describe('usage meter stopped while a block is reserved ahead', () => {
  it('waits for the block to land and gives it back with the rest', async () => {
    await withKey('svc-api-usage-ahead-stop-', async ({ store, chave, reserved }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let reservations = 0;
      const meter = new UsageMeter(
        {
          ...store,
          // The reservation ahead (the second) answers only once the meter is stopping.
          lease: async (...args) => {
            if (++reservations === 2) await held;
            return store.lease(...args);
          },
        },
        200,
        () => {},
        new ManualClock(Date.parse('2026-03-01T12:00:00Z')),
      );
      for (let n = 1; n <= 80; n++) assert.equal((await meter.admit(chave, 1_000_000)).allowed, true);
      assert.equal(reservations, 2, 'the block ahead is being reserved');
      const stopped = meter.stop();
      release();
      await stopped;
      assert.equal(reserved(), 80, 'both blocks given back but for the 80 used');
    });
  });
});
