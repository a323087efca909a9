import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ClusterLock } from '../../src/control/control-plane.js';
import { openPgControl, type PgControl } from '../../src/control/postgres/pg-control.js';
import { PgCounters, PgDispatcherCursor } from '../../src/control/postgres/pg-counters.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import type { Feed } from '../../src/feeds/canonical.js';
import { IngestLockedError } from '../../src/warehouse/ingest-lock.js';
import { ingest, type IngestControl } from '../../src/warehouse/ingest.js';
import type { SnapshotManifest } from '../../src/warehouse/snapshot-store.js';
import { tempDir } from '../helpers/cli.js';
import { createTestDatabase, postgresSkip } from '../helpers/postgres.js';
import { baseFeed, query } from './helpers.js';

/** The day of baseFeed's round: its matches are inside the live window around it. */
const NOW = new Date('2019-04-28T12:00:00-03:00');
const LOCK_KEY = 0x73766302;

/**
 * What an ingest uses of a PostgreSQL control plane, from the PostgreSQL classes alone: pgControlPlane
 * (src/control/postgres/pg-control-plane.ts) assembles the same counters, cursor and advisory lock.
 */
function pgIngestControl(control: PgControl): IngestControl {
  return {
    counters: new PgCounters(control.pool),
    cursor: new PgDispatcherCursor(control.pool),
    async tryIngestLock(): Promise<ClusterLock | null> {
      const client = await control.pool.connect();
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCK_KEY]);
      if (!rows[0]?.ok) {
        client.release();
        return null;
      }
      return {
        async release() {
          await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
          client.release();
        },
      };
    },
  };
}

function manifest(dataDir: DataDir, id: string): SnapshotManifest {
  return JSON.parse(readFileSync(path.join(dataDir.snapshotsDir, `${id}.json`), 'utf8')) as SnapshotManifest;
}

describe('two ingest hosts, two data dirs, one PostgreSQL control plane', { skip: postgresSkip ?? false }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const hosts: PgControl[] = [];
  let dir: { dir: string; cleanup: () => void };

  before(async () => {
    database = await createTestDatabase();
    const secretKeys = [randomBytes(32)];
    // One pool per host, as two machines would have.
    for (let i = 0; i < 2; i++) hosts.push(await openPgControl(database.url, { secretKeys }));
    dir = tempDir('svc-cluster-ingest-');
  });

  after(async () => {
    for (const host of hosts) await host.close();
    await database?.drop();
    dir?.cleanup();
  });

  it('one ingest at a time cluster-wide; snapshot numbers, internal ids and seqs come from PostgreSQL', async () => {
    const [hostA, hostB] = hosts.map(pgIngestControl) as [IngestControl, IngestControl];
    const a = resolveDataDir(path.join(dir.dir, 'a'));
    const b = resolveDataDir(path.join(dir.dir, 'b'));
    const feed = path.join(dir.dir, 'base.json');
    writeFileSync(feed, JSON.stringify(baseFeed()));

    // Host A stops once it holds both locks; host B, on another data dir (its own file lock), is refused.
    let holding!: () => void;
    let resume!: () => void;
    const locked = new Promise<void>((r) => (holding = r));
    const resumed = new Promise<void>((r) => (resume = r));
    const first = ingest({
      control: hostA,
      dataDir: a,
      inputs: [feed],
      now: NOW,
      atStep: async (step) => {
        if (step !== 'locked') return;
        holding();
        await resumed;
      },
    });
    await locked;
    await assert.rejects(ingest({ control: hostB, dataDir: b, inputs: [feed], now: NOW }), (err: Error) => {
      assert.ok(err instanceof IngestLockedError);
      assert.equal(
        err.message,
        'outro ingest está em andamento (em outro nó ou diretório de dados com o mesmo plano de controle); tente de novo quando terminar',
      );
      return true;
    });
    assert.ok(!existsSync(b.ingestLock), 'the refused ingest released its data dir lock');
    assert.equal(existsSync(b.currentFile), false);
    resume();
    assert.equal((await first).snapshot_id, '00000001');

    // The lock is free again: B publishes, numbered after A by the shared counters.
    const second = await ingest({ control: hostB, dataDir: b, inputs: [feed], now: NOW });
    assert.equal(second.snapshot_id, '00000002');
    assert.deepEqual(await query(b.root, 'SELECT min(id) AS min, max(id) AS max FROM times'), [{ min: 5, max: 8 }]);
    assert.deepEqual(await query(b.root, 'SELECT id FROM partidas ORDER BY id'), [{ id: 3 }, { id: 4 }]);

    // A live update on A: its events take their seqs from PostgreSQL's evento_seq.
    const live: Feed = {
      formato: 'svc-feed/1',
      fonte: 'teste',
      partidas: [{ ...baseFeed().partidas![1]!, status: 'ao_vivo', placar_mandante: 1, placar_visitante: 0 }],
    };
    const liveFile = path.join(dir.dir, 'live.json');
    writeFileSync(liveFile, JSON.stringify(live));
    const third = await ingest({ control: hostA, dataDir: a, inputs: [liveFile], now: NOW });
    assert.equal(third.snapshot_id, '00000003');
    assert.equal(third.eventos.seq_inicio, 1);

    const { rows } = await hosts[0]!.pool.query<{ nome: string; valor: number }>(
      'SELECT nome, valor FROM contadores ORDER BY nome',
    );
    const counters = Object.fromEntries(rows.map((r) => [r.nome, r.valor]));
    assert.equal(counters.snapshot_id, 3);
    assert.equal(counters.evento_seq, third.eventos.seq_fim);
    assert.equal(counters.id_time, 8);
    // Each manifest records the id counters as they stood when it was published.
    assert.equal(manifest(b, '00000002').ids_maximos?.time, 8);
    assert.deepEqual(
      manifest(a, '00000003').ids_maximos,
      Object.fromEntries(rows.filter((r) => r.nome.startsWith('id_')).map((r) => [r.nome.slice(3), r.valor])),
    );
    // Nothing went to a SQLite control plane.
    assert.equal(existsSync(a.controlDb) || existsSync(b.controlDb), false);
  });
});
