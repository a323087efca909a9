import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { EVENTOS } from '../../src/domain/events.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startLocalDispatcher } from './delivery-stack.js';
import { PUBLISH_STEPS } from '../../src/warehouse/publish.js';
import { listSnapshots, readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { startSvc } from '../ingest/helpers.js';
import { createAccount } from './helpers.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

const step = (name: string) => path.join(LIVE_DAY, name);

/**
 * A snapshot that never became current never has its events delivered: not one whose ingest died between
 * renaming it into place and switching CURRENT, not one a rollback left behind. Each event of the current
 * line reaches the receiver exactly once, under one delivery id.
 */
describe('events are delivered only from the current line of snapshots', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let receiver: Receiver;
  let dispatcher: Dispatcher | null = null;

  beforeEach(async () => {
    dataDir = testDataDir();
    assert.equal((await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dataDir.root])).code, 0);
    db = await openControlDb(dataDir.controlDb);
    receiver = new Receiver();
    const url = await receiver.start();
    await sqliteControlPlane(db).webhooks.createWebhook(
      { contaId: createAccount(db, 'acme', 'pro'), nome: 'tudo', url, eventos: [...EVENTOS], secret: 'whsec_x' },
      null,
      Date.now(),
    );
  });

  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = null;
    await receiver.stop();
    db.close();
    dataDir.cleanup();
  });

  const start = async () => {
    dispatcher = await startLocalDispatcher(dataDir, db, { pollMs: 50 });
  };

  /** A real ingest; returns how many webhook events it recorded. */
  async function ingest(file: string): Promise<number> {
    const r = await runSvcInProcess(['ingest', file, '--data-dir', dataDir.root, '--json']);
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { eventos: { total: number } }).eventos.total;
  }

  const deliveryRecords = () => (db.prepare('SELECT count(*) AS n FROM entregas').get() as { n: number }).n;

  /** Waits until `n` delivery records exist and `n` requests arrived, each under its own delivery id. */
  async function expectDelivered(n: number): Promise<void> {
    await receiver.waitFor(n);
    await waitFor(() => deliveryRecords() >= n, `${n} delivery records`);
    assert.equal(deliveryRecords(), n, 'one delivery record per event');
    const ids = receiver.requests.map((r) => r.headers['x-svc-entrega']);
    assert.equal(new Set(ids).size, receiver.requests.length, 'no event under two delivery ids');
  }

  /** The same event detected twice (an orphan's and its re-detection) differs only in `gerado_em`. */
  function assertEachEventOnce(): void {
    const seen = receiver.requests.map((r) => {
      const { evento, dados } = JSON.parse(r.body) as { evento: string; dados: unknown };
      return `${evento} ${JSON.stringify(dados)}`;
    });
    assert.deepEqual(
      seen.filter((e, i) => seen.indexOf(e) !== i),
      [],
      'no event delivered twice',
    );
  }

  it('an ingest killed after the rename, before CURRENT: its snapshot is an orphan, never listed, removed, never delivered', {
    timeout: 120_000,
  }, async () => {
    await start();
    let expected = await ingest(step('01-pre-jogo.json'));
    expected += await ingest(step('02-inicio.json'));
    await expectDelivered(expected);

    const current = readCurrentId(dataDir);
    const killed = startSvc(['ingest', step('03-gol.json'), '--data-dir', dataDir.root, '--pause-at', 'renamed'], {});
    await killed.waitFor('svc: pausado em renamed');
    killed.kill('SIGKILL');
    await killed.done;
    const orphan = String(Number(current) + 1).padStart(8, '0');
    assert.ok(existsSync(snapshotFile(dataDir, orphan)), 'the orphan is on disk');
    assert.equal(readCurrentId(dataDir), current);
    assert.ok(!listSnapshots(dataDir).some((m) => m.id === orphan), 'never listed');

    // The same goal ingested again is detected again from CURRENT, and delivered once.
    expected += await ingest(step('03-gol.json'));
    assert.ok(!existsSync(snapshotFile(dataDir, orphan)), 'the next ingest removed the orphan');
    expected += await ingest(step('04-gol-contra.json'));
    await expectDelivered(expected);
    assertEachEventOnce();
  });

  it('svc snapshots leaves orphans out and removes them when no ingest runs', { timeout: 120_000 }, async () => {
    const current = readCurrentId(dataDir);
    const killed = startSvc(
      ['ingest', step('01-pre-jogo.json'), '--data-dir', dataDir.root, '--pause-at', 'renamed'],
      {},
    );
    await killed.waitFor('svc: pausado em renamed');
    killed.kill('SIGKILL');
    await killed.done;
    const list = await runSvcInProcess(['snapshots', '--json', '--all', '--data-dir', dataDir.root]);
    assert.equal(list.code, 0, list.stderr);
    const listed = (JSON.parse(list.stdout) as { snapshots: { id: string }[] }).snapshots.map((s) => s.id);
    assert.deepEqual(listed, [current]);
    assert.deepEqual(
      listSnapshots(dataDir, { orphans: true }).map((m) => m.id),
      [current],
      'removed from disk',
    );
  });

  it('events of a snapshot a rollback left behind are never delivered', { timeout: 120_000 }, async () => {
    await start();
    let expected = await ingest(step('01-pre-jogo.json'));
    await expectDelivered(expected);
    await dispatcher!.stop();
    dispatcher = null;
    const before = readCurrentId(dataDir)!;
    assert.ok((await ingest(step('02-inicio.json'))) > 0);
    const back = await runSvcInProcess(['snapshots', 'rollback', before, '--data-dir', dataDir.root]);
    assert.equal(back.code, 0, back.stderr);
    await start();
    // The kick-off is ingested again on top of the rolled-back line, and delivered from there only.
    expected += await ingest(step('02-inicio.json'));
    expected += await ingest(step('03-gol.json'));
    await expectDelivered(expected);
    assertEachEventOnce();
  });

  it('killed at every publish step with the daemon running: each event delivered exactly once, under one delivery id', {
    timeout: 300_000,
  }, async () => {
    await start();
    const liveDay = JSON.parse(readFileSync(step('02-inicio.json'), 'utf8')) as { partidas: Record<string, unknown>[] };
    const m = liveDay.partidas[0]!;
    let goals = 0;
    const feedWithGoal = () => {
      goals += 1;
      const file = path.join(dataDir.root, `gol-${goals}.json`);
      writeFileSync(
        file,
        JSON.stringify({ formato: 'svc-feed/1', fonte: 'demo', partidas: [{ ...m, placar_mandante: goals }] }),
      );
      return file;
    };
    for (const at of PUBLISH_STEPS) {
      const feed = feedWithGoal();
      const killed = startSvc(['ingest', feed, '--data-dir', dataDir.root, '--pause-at', at], {});
      await killed.waitFor(`svc: pausado em ${at}`);
      killed.kill('SIGKILL');
      await killed.done;
      // The cron's next run ingests the same feed again: if the killed one published, nothing is new.
      await ingest(feed);
    }
    await dispatcher!.idle();
    const scores = receiver.requests
      .map((r) => JSON.parse(r.body) as { evento: string; dados: { placar_mandante: number } })
      .filter((b) => b.evento === 'partida.placar_atualizado')
      .map((b) => b.dados.placar_mandante);
    assert.deepEqual(
      [...scores].sort((a, b) => a - b),
      Array.from({ length: PUBLISH_STEPS.length }, (_, i) => i + 1),
      'every score change once',
    );
    assertEachEventOnce();
  });
});
