import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { accountsStoreOn, type AccountsStore } from '../../src/control/accounts-store.js';
import { countersOn, type Counters } from '../../src/control/counters.js';
import { openControlDb } from '../../src/control/database.js';
import { dispatcherCursorOn, type DispatcherCursor } from '../../src/control/outbox-cursor.js';
import { postgresSql, sqliteSql, type ControlQuery } from '../../src/control/sql/control-sql.js';
import { openPgControl, type PgControl } from '../../src/control/postgres/pg-control.js';
import { usageStoreOn, type UsageStore } from '../../src/control/usage-store.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

interface Stores {
  accounts: AccountsStore;
  usage: UsageStore;
  counters: Counters;
  cursor: DispatcherCursor;
  /** A second, independent handle on the same control plane (another process's view). */
  other(): Promise<{ usage: UsageStore; close(): Promise<void> }>;
  /** The `endpoint` of every row `uso_recente` holds for a key, oldest first (what the store keeps, not what it shows). */
  recentRows(chaveId: number): Promise<string[]>;
}

async function recentRowsOn(db: ControlQuery, chaveId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uso_recente')
    .select('endpoint')
    .where('chave_id', '=', chaveId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.endpoint);
}

const KEY = Buffer.alloc(32, 7);

const backends: { name: string; skip: string | false; open(): Promise<{ stores: Stores; close(): Promise<void> }> }[] =
  [
    {
      name: 'SQLite',
      skip: false,
      async open() {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-stores-'));
        const file = path.join(dir, 'control.db');
        const db = await openControlDb(file, { secretKeys: [KEY] });
        const sql = sqliteSql(db);
        const stores: Stores = {
          accounts: accountsStoreOn(sql),
          usage: usageStoreOn(sql),
          counters: countersOn(sql.db),
          cursor: dispatcherCursorOn(sql.db, sql.engine),
          async other() {
            const db2 = await openControlDb(file, { secretKeys: [KEY] });
            return { usage: usageStoreOn(sqliteSql(db2)), close: async () => void db2.close() };
          },
          recentRows: (chaveId) => recentRowsOn(sql.db, chaveId),
        };
        return { stores, close: async () => (db.close(), rmSync(dir, { recursive: true, force: true })) };
      },
    },
    {
      name: 'PostgreSQL',
      skip: postgresSkip ?? false,
      async open() {
        const database = await createTestDatabase();
        const control = await openPgControl(database.url, { secretKeys: [KEY] });
        const opened: PgControl[] = [control];
        const sql = postgresSql(control.pool);
        const stores: Stores = {
          accounts: accountsStoreOn(sql),
          usage: usageStoreOn(sql),
          counters: countersOn(sql.db),
          cursor: dispatcherCursorOn(sql.db, sql.engine),
          async other() {
            const c2 = await openPgControl(database.url, { secretKeys: [KEY] });
            opened.push(c2);
            return { usage: usageStoreOn(postgresSql(c2.pool)), close: async () => undefined };
          },
          recentRows: (chaveId) => recentRowsOn(sql.db, chaveId),
        };
        return {
          stores,
          async close() {
            for (const c of opened) await c.close();
            await database.drop();
          },
        };
      },
    },
  ];

for (const backend of backends) {
  describe(`control-plane stores on ${backend.name}`, { skip: backend.skip }, () => {
    let s: Stores;
    let close: () => Promise<void>;
    before(async () => ({ stores: s, close } = await backend.open()));
    after(async () => close());

    it('creates accounts and keys, authenticates, rotates and revokes', async () => {
      const account = await s.accounts.createAccount('acme', 'pro', { cota_requisicoes: 500 });
      assert.equal(account.plano, 'pro');
      assert.deepEqual(account.campeonatos, []);
      assert.equal(account.cota_requisicoes, 500);
      assert.equal(await s.accounts.getAccount('ninguem'), null);
      const { key, record } = await s.accounts.createKey(account.id, 'prod');
      assert.equal(record.conta, 'acme');
      assert.equal(record.ativa, true);
      assert.equal((await s.accounts.authenticate(key))?.account.nome, 'acme');
      assert.equal(await s.accounts.authenticate(`${key}x`), null);
      assert.deepEqual(
        (await s.accounts.findKeys(record.prefixo)).map((k) => k.id),
        [record.id],
      );
      assert.deepEqual(
        (await s.accounts.findKeys(record.prefixo.slice(0, -2))).map((k) => k.id),
        [record.id],
        'a start of the prefix',
      );
      assert.deepEqual(
        (await s.accounts.findKeys(String(record.id))).map((k) => k.prefixo),
        [record.prefixo],
      );
      assert.deepEqual(
        (await s.accounts.findKeys(key)).map((k) => k.id),
        [record.id],
        'the full key',
      );
      assert.deepEqual(await s.accounts.findKeys('svc_nada'), []);

      const updated = await s.accounts.updateAccount('acme', { plano: 'enterprise', campeonatos: null });
      assert.equal(updated.plano, 'enterprise');
      assert.equal(updated.campeonatos, null);
      assert.equal(updated.cota_requisicoes, 500, 'a setting not given is unchanged');

      const other = await s.accounts.createKey(account.id, null);
      const active = await s.accounts.activeKeys([record.id, other.record.id, 999_999]);
      assert.deepEqual(
        active.map((a) => [a.key.id, a.key.prefixo, a.account.plano]).sort(),
        [
          [record.id, record.prefixo, 'enterprise'],
          [other.record.id, other.record.prefixo, 'enterprise'],
        ].sort(),
        'the active keys by id, with their accounts as they stand',
      );
      await s.accounts.revokeKey(other.record.id);
      const rotated = await s.accounts.rotateKey(record.id);
      assert.deepEqual(
        (await s.accounts.activeKeys([record.id, other.record.id])).map((a) => a.key.prefixo),
        [rotated.record.prefixo],
        'a revoked key is left out; a rotated one has its new prefix',
      );
      assert.equal(await s.accounts.authenticate(key), null, 'the old secret stops at once');
      assert.equal((await s.accounts.authenticate(rotated.key))?.key.id, record.id);
      const revoked = await s.accounts.revokeKey(record.id);
      assert.equal(revoked.ativa, false);
      assert.ok(revoked.revogada_em);
      assert.equal(await s.accounts.authenticate(rotated.key), null);
      assert.deepEqual(
        (await s.accounts.listKeys('acme')).map((k) => k.id),
        [record.id, other.record.id],
      );
      await assert.rejects(async () => s.accounts.createAccount('acme', 'free'), 'account names are unique');
    });

    it('leases quota in blocks and never beyond the limit, across two handles', async () => {
      const other = await s.other();
      try {
        let granted = 0;
        for (let i = 0; granted < 1000 && i < 500; i++) {
          const store = i % 2 === 0 ? s.usage : other.usage;
          granted += (await store.lease(1, '2026-01-01', 1000, 100)).granted;
        }
        assert.equal(granted, 1000);
        assert.deepEqual(await s.usage.lease(1, '2026-01-01', 1000, 100), { granted: 0, unreserved: 0 });
        await s.usage.release(1, '2026-01-01', 10);
        assert.equal(
          (await other.usage.lease(1, '2026-01-01', 1000, 100)).granted,
          1,
          'given-back quota is leased again',
        );
      } finally {
        await other.close();
      }
    });

    it('concurrent leases together grant exactly the limit', async () => {
      const handles = await Promise.all([s.other(), s.other(), s.other()]);
      try {
        const take = async (u: UsageStore) => {
          let sum = 0;
          for (;;) {
            const { granted } = await u.lease(2, '2026-01-01', 10_000, 100);
            if (granted === 0) return sum;
            sum += granted;
          }
        };
        const sums = await Promise.all(handles.flatMap((h) => [take(h.usage), take(h.usage)]));
        assert.equal(
          sums.reduce((a, b) => a + b, 0),
          10_000,
        );
      } finally {
        for (const h of handles) await h.close();
      }
    });

    it('adds counts, totals and recent requests; keeps the last 20', async () => {
      const recent = Array.from({ length: 25 }, (_, i) => ({
        chaveId: 3,
        endpoint: `/v1/x/${i}`,
        rota: '/v1/x/{id}',
        metodo: 'GET',
        status_code: 200,
        tempo_resposta_ms: 1.5,
        data_hora: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`,
      }));
      const route = (dia: string, endpoint: string, requisicoes: number) => ({
        chaveId: 3,
        dia,
        metodo: 'GET',
        endpoint,
        requisicoes,
      });
      await s.usage.add(
        [{ chaveId: 3, dia: '2026-01-01', requisicoes: 25 }],
        [{ chaveId: 3, requisicoes: 25, tempo_total_ms: 37.5 }],
        recent,
        [route('2026-01-01', '/v1/times', 20), route('2026-01-01', '/v1/partidas', 5)],
      );
      await s.usage.add(
        [{ chaveId: 3, dia: '2026-01-01', requisicoes: 5 }],
        [{ chaveId: 3, requisicoes: 5, tempo_total_ms: 2.5 }],
        [],
        [route('2026-01-01', '/v1/partidas', 5), route('2025-11-01', '/v1/velho', 1)],
      );
      assert.equal(await s.usage.usedOn(3, '2026-01-01'), 30);
      assert.equal(await s.usage.usedOn(3, '2026-01-02'), 0);
      const stats = await s.usage.stats(3);
      assert.equal(stats.total_requisicoes, 30);
      assert.equal(stats.tempo_total_ms, 40);
      assert.equal(stats.recentes.length, 20);
      assert.equal(stats.recentes[0]?.endpoint, '/v1/x/24');
      assert.deepEqual(Object.keys(stats.recentes[0] ?? {}).sort(), [
        'data_hora',
        'endpoint',
        'metodo',
        'status_code',
        'tempo_resposta_ms',
      ]);
      assert.deepEqual(await s.usage.history(3, '2025-12-01'), {
        porDia: [{ dia: '2026-01-01', requisicoes: 30 }],
        porEndpoint: [
          { metodo: 'GET', endpoint: '/v1/times', requisicoes: 20 },
          { metodo: 'GET', endpoint: '/v1/partidas', requisicoes: 10 },
        ],
      });
    });

    it('keeps exactly the 20 newest recent requests of each key written to, and every one of a key under 20', async () => {
      const record = (chaveId: number, i: number) => ({
        chaveId,
        endpoint: `/v1/k${chaveId}/${i}`,
        rota: '/v1/k/{id}',
        metodo: 'GET',
        status_code: 200,
        tempo_resposta_ms: 0.5,
        data_hora: '2026-01-01T00:00:00Z',
      });
      const records = (chaveId: number, from: number, n: number) =>
        Array.from({ length: n }, (_, i) => record(chaveId, from + i));
      const totals = (chaveId: number, n: number) => [{ chaveId, requisicoes: n, tempo_total_ms: n / 2 }];
      await s.usage.add([], [...totals(11, 25), ...totals(12, 4)], [...records(11, 0, 25), ...records(12, 0, 4)], []);
      await s.usage.add([], totals(11, 3), records(11, 25, 3), []);
      assert.deepEqual(
        await s.recentRows(11),
        records(11, 8, 20).map((r) => r.endpoint),
      );
      assert.deepEqual(
        await s.recentRows(12),
        records(12, 0, 4).map((r) => r.endpoint),
      );
    });

    it('counters hand out consecutive values once; the cursor starts at the last seq and never goes back', async () => {
      assert.equal(await s.counters.lastValue('evento_seq'), 0);
      assert.equal(await s.counters.reserve('evento_seq', 5), 1);
      assert.equal(await s.counters.reserve('evento_seq'), 6);
      assert.equal(await s.counters.reserve('id_partida', 3), 1);
      assert.deepEqual(await s.counters.lastValues('id_'), { partida: 3 });
      await assert.rejects(async () => s.counters.reserve('x', 0), RangeError);

      assert.equal(await s.cursor.get(), null);
      await s.cursor.ensure();
      assert.equal(await s.cursor.get(), 6);
      await s.cursor.advance(9);
      await s.cursor.advance(7);
      await s.cursor.ensure();
      assert.equal(await s.cursor.get(), 9);
    });
  });
}
