/**
 * The control plane's shared-state operations on SQLite and PostgreSQL, at the store level (the API and the
 * dispatcher do not run on PostgreSQL yet): quota leases from 3 "nodes" (3 pools / 3 handles) × 32 concurrent
 * leasers on one key's quota of 10,000, and delivery claims by 1 and 2 claimers. Skipped without PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openControlDb } from '../../src/control/database.js';
import { openPgControl, type PgControl } from '../../src/control/postgres/pg-control.js';
import { pgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { postgresSql, sqliteSql } from '../../src/control/sql/control-sql.js';
import { usageStoreOn, type UsageStore } from '../../src/control/usage-store.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import type { BenchFigure } from './run.js';

export const title = 'control plane: quota leases and delivery claims, SQLite vs PostgreSQL';

const QUOTA = 10_000;
const NODES = 3;
const CONNECTIONS = 32;
const KEY = Buffer.alloc(32, 1);

/** Every leaser leases until the quota is gone; returns the total granted and the leases per second. */
async function leaseAll(stores: readonly UsageStore[]): Promise<{ granted: number; perSecond: number }> {
  let leases = 0;
  const started = performance.now();
  const one = async (u: UsageStore) => {
    let sum = 0;
    for (;;) {
      const { granted } = await u.lease(1, '2026-01-01', QUOTA, 100);
      leases += 1;
      if (granted === 0) return sum;
      sum += granted;
    }
  };
  const sums = await Promise.all(stores.flatMap((u) => Array.from({ length: CONNECTIONS }, () => one(u))));
  return { granted: sums.reduce((a, b) => a + b, 0), perSecond: leases / ((performance.now() - started) / 1000) };
}

export async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-cp-'));
  const figures: BenchFigure[] = [];
  try {
    const file = path.join(dir, 'control.db');
    const handles = await Promise.all(Array.from({ length: NODES }, () => openControlDb(file, { secretKeys: [KEY] })));
    const sqlite = await leaseAll(handles.map((db) => usageStoreOn(sqliteSql(db))));
    for (const db of handles) db.close();
    figures.push({
      name: `SQLite: quota granted, ${NODES} handles × ${CONNECTIONS} leasers`,
      value: sqlite.granted,
      unit: 'requests',
      target: `= ${QUOTA}`,
      met: sqlite.granted === QUOTA,
    });
    if (postgresSkip) {
      console.log(`  ${postgresSkip}`);
      return figures;
    }
    const database = await createTestDatabase();
    const pools: PgControl[] = [];
    try {
      for (let i = 0; i < NODES; i++)
        pools.push(await openPgControl(database.url, { secretKeys: [KEY], max: CONNECTIONS }));
      const pg = await leaseAll(pools.map((p) => usageStoreOn(postgresSql(p.pool))));
      figures.push({
        name: `PostgreSQL: quota granted, ${NODES} pools × ${CONNECTIONS} leasers`,
        value: pg.granted,
        unit: 'requests',
        target: `= ${QUOTA}`,
        met: pg.granted === QUOTA,
      });
      figures.push({
        name: 'PostgreSQL: leases per second (one lease covers up to 100 requests)',
        value: pg.perSecond,
        unit: 'leases/s',
        baseline: { name: 'SQLite', value: sqlite.perSecond },
      });
      figures.push(...(await claims(pools)));
    } finally {
      for (const p of pools) await p.close();
      await database.drop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** Deliveries claimed and marked delivered per second by 1 and by 2 claimers (no HTTP: the queue's own cost). */
async function claims(pools: readonly PgControl[]): Promise<BenchFigure[]> {
  const [a, b] = pools as [PgControl, PgControl];
  const conta = await pgControlPlane(a).accounts.createAccount('bench', 'enterprise');
  const { rows } = await a.pool.query<{ id: number }>(
    `INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em) VALUES ($1, 'b', 'https://example.com/', '[]', 1, $2, 'x', 'x') RETURNING id`,
    [conta.id, a.box.seal('whsec_bench')],
  );
  const sub = {
    id: rows[0]!.id,
    contaId: conta.id,
    eventoSeqInicial: 0,
    eventos: [],
    plano: 'enterprise' as const,
    campeonatos: null,
  };
  const rate = async (claimers: readonly PgControl[], from: number, n: number): Promise<number> => {
    const events = Array.from({ length: n }, (_, i) => ({
      seq: from + i,
      evento: 'partida.gol',
      campeonato_id: 1,
      corpo: '{}',
    }));
    await pgControlPlane(a)
      .deliveryQueue(() => null)
      .fanOut(events, () => [sub], from + n, 0);
    const started = performance.now();
    await Promise.all(
      claimers.map(async (p, i) => {
        const q = pgControlPlane(p).deliveryQueue(() => null);
        for (;;) {
          const jobs = await q.claimDue(1, 50, `bench:${i}`, 30_000);
          if (jobs.length === 0) return;
          await q.recordOutcomes(
            jobs.map((job) => ({
              job,
              outcome: {
                kind: 'entregue' as const,
                attempt: {
                  numero: 1,
                  origem: 'automatica' as const,
                  destino: job.url,
                  iniciadaEm: 1,
                  statusCode: 200,
                  erro: null,
                  duracaoMs: 1,
                },
                at: 1,
              },
            })),
          );
        }
      }),
    );
    return n / ((performance.now() - started) / 1000);
  };
  const one = await rate([a], 1, 2_000);
  const two = await rate([a, b], 10_001, 2_000);
  return [
    {
      name: 'PostgreSQL: deliveries claimed + recorded per second, 2 claimers',
      value: two,
      unit: 'deliveries/s',
      baseline: { name: '1 claimer', value: one },
    },
  ];
}
