import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import type { Feed } from '../../src/feeds/canonical.js';
import { IngestLockedError } from '../../src/warehouse/ingest-lock.js';
import { ingest, type IngestSummary } from '../../src/warehouse/ingest.js';
import type { SnapshotManifest } from '../../src/warehouse/snapshot-store.js';
import { runSvc } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { baseFeed, currentId, dataDirState, query } from './helpers.js';

/** The day of baseFeed's round: its matches are inside the live window around it. */
const NOW = new Date('2019-04-28T12:00:00-03:00');
const LOCKED_MESSAGE =
  'outro ingest está em andamento (em outro nó ou diretório de dados com o mesmo plano de controle); tente de novo quando terminar';
type PgHost = Awaited<ReturnType<typeof openPgControlPlane>>;

function manifest(dataDir: DataDir, id: string): SnapshotManifest {
  return JSON.parse(readFileSync(path.join(dataDir.snapshotsDir, `${id}.json`), 'utf8')) as SnapshotManifest;
}

describe('two ingest hosts, two data dirs, one PostgreSQL control plane', { skip: postgresSkip ?? false }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const hosts: PgHost[] = [];
  let dir: { dir: string; cleanup: () => void };
  let env: Record<string, string>;

  before(async () => {
    database = await createTestDatabase();
    const secretKeys = [randomBytes(32)];
    env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY: 'chave-de-teste-do-ingest-com-32-caracteres' };
    // One pool per host, as two machines would have.
    for (let i = 0; i < 2; i++) hosts.push(await openPgControlPlane(database.url, { secretKeys }));
    dir = tempDir('svc-cluster-ingest-');
  });

  after(async () => {
    for (const host of hosts) await host.close();
    await database?.drop();
    dir?.cleanup();
  });

  it('one ingest at a time cluster-wide; snapshot numbers, internal ids and seqs come from PostgreSQL', async () => {
    const [hostA, hostB] = hosts as [PgHost, PgHost];
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
      assert.equal(err.message, LOCKED_MESSAGE);
      return true;
    });
    assert.ok(!existsSync(b.ingestLock), 'the refused ingest released its data dir lock');
    assert.equal(existsSync(b.currentFile), false);
    // `svc ingest` on the same PostgreSQL: the file lock's exit code and one line.
    const cli = await runSvc(['ingest', feed, '--data-dir', b.root], { env });
    assert.equal(cli.code, EXIT.locked, cli.stderr);
    assert.equal(cli.stderr, `svc: ${LOCKED_MESSAGE}\n`);
    resume();
    assert.equal((await first).snapshot_id, '00000001');

    // The lock is free again: B publishes, numbered after A by the shared counters.
    const second = await ingest({ control: hostB, dataDir: b, inputs: [feed], now: NOW });
    assert.equal(second.snapshot_id, '00000002');
    assert.deepEqual(await query(b.root, 'SELECT min(id) AS min, max(id) AS max FROM times'), [{ min: 5, max: 8 }]);
    assert.deepEqual(await query(b.root, 'SELECT id FROM partidas ORDER BY id'), [{ id: 3 }, { id: 4 }]);

    // A live update on A, by `svc ingest`: its events take their seqs from PostgreSQL's evento_seq.
    const live: Feed = {
      formato: 'svc-feed/1',
      fonte: 'teste',
      partidas: [{ ...baseFeed().partidas![1]!, status: 'ao_vivo', placar_mandante: 1, placar_visitante: 0 }],
    };
    const liveFile = path.join(dir.dir, 'live.json');
    writeFileSync(liveFile, JSON.stringify(live));
    const run = await runSvc(['ingest', liveFile, '--data-dir', a.root, '--now', NOW.toISOString(), '--json'], { env });
    assert.equal(run.code, 0, run.stderr);
    const third = JSON.parse(run.stdout) as IngestSummary;
    assert.equal(third.snapshot_id, '00000003');
    assert.equal(third.eventos.seq_inicio, 1);

    const { rows } = await hostA.pg.pool.query<{ nome: string; valor: number }>(
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

  it('PostgreSQL lost mid-ingest (a restart ends its session): exit 4, one line, nothing published', async () => {
    const c = resolveDataDir(path.join(dir.dir, 'c'));
    const feed = path.join(dir.dir, 'base-c.json');
    writeFileSync(feed, JSON.stringify(baseFeed()));
    const args = ['--data-dir', c.root, '--now', NOW.toISOString()];
    assert.equal((await runSvc(['ingest', feed, ...args], { env })).code, 0);
    const changed = baseFeed();
    changed.partidas![1]!.estadio = 'Allianz Parque';
    writeFileSync(feed, JSON.stringify(changed));
    const before = await dataDirState(c.root);

    // The barrier: the counters held in a transaction of the test's, so the ingest waits on its first reservation.
    const holder = new pg.Client({ connectionString: database.url });
    const watcher = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM contadores FOR UPDATE');
      const running = runSvc(['ingest', feed, ...args], { env });
      let waiting: number | undefined;
      for (let tries = 0; waiting === undefined; tries++) {
        assert.ok(tries < 400, 'the ingest never waited on the counters');
        // Another session: inside the holder's transaction pg_stat_activity would stay as first read.
        const { rows } = await watcher.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      // What a restart does to each session: "terminating connection due to administrator command" (57P01).
      await watcher.query('SELECT pg_terminate_backend($1)', [waiting]);
      const r = await running;
      assert.equal(
        r.stderr,
        'svc: plano de controle inacessível: terminating connection due to administrator command\n  nada foi publicado\n',
      );
      assert.equal(r.code, EXIT.unreachable);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
      await watcher.end();
    }
    assert.deepEqual(await dataDirState(c.root), before);
    assert.equal((await runSvc(['ingest', feed, ...args], { env })).code, 0);
    assert.notEqual(currentId(c.root), (before as { current: string }).current);
  });
});
