import assert from 'node:assert/strict';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { countersOn } from '../../src/control/counters.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { EVENT_SEQ_COUNTER } from '../../src/control/outbox-cursor.js';
import type { WebhookRegistry } from '../../src/control/webhooks/registry.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { EVENTOS } from '../../src/domain/events.js';
import { readManifest, type SnapshotManifest } from '../../src/warehouse/snapshot-store.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { SseClient } from '../kit/sse.js';
import { startLocalDispatcher } from './delivery-stack.js';
import { createAccount } from './helpers.js';
import { Receiver } from '../kit/receiver.js';

/** One event as a client saw it: its seq and its exact body. */
type Seen = [seq: number, corpo: string];

const bySeq = (a: Seen, b: Seen) => a[0] - b[0];

/**
 * After `svc snapshots rollback`, the stream and the webhooks send the events of the current line only, so both
 * deliver exactly the same ones: on a server running since the rollback (each swap's catch-up) and on one
 * started afterwards (the resume window filled at start).
 */
describe('after a rollback, the stream and the webhooks deliver the same events (the current line)', () => {
  let cleanup: () => void;
  let dataDir: DataDir;
  let db: ControlDb;
  let registry: WebhookRegistry;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  let webhookId: number;
  /** The seq the webhook starts after: the stream clients resume from it too. */
  let from: number;
  const rolledBack: SnapshotManifest[] = [];
  let head: SnapshotManifest;
  const servers: Harness[] = [];
  const streams: SseClient[] = [];

  const ingest = (file: string) => ingestInto(dataDir, [path.join(LIVE_DAY, file)]);
  const manifest = (id: string) => readManifest(dataDir, id) as SnapshotManifest;

  /** A server on the data dir and a stream resuming after `from`, as a client reconnecting to it would. */
  const serveAndFollow = async (): Promise<{ server: Harness; stream: SseClient }> => {
    const server = await startHarness({ dir: dataDir.root });
    servers.push(server);
    const stream = await SseClient.open(`${server.url}/v1/stream`, {
      authorization: `Bearer ${await server.key('enterprise')}`,
      'last-event-id': String(from),
    });
    streams.push(stream);
    return { server, stream };
  };

  const streamed = (c: SseClient): Seen[] => c.events.map((f) => [Number(f.id), String(f.data)]);
  const lastSeq = (c: SseClient) => Number(c.events.at(-1)?.id ?? from);

  /** What the receiver got once the dispatcher is idle, each request paired with its event's seq by its delivery. */
  const delivered = async (): Promise<Seen[]> => {
    dispatcher.poke();
    await dispatcher.idle();
    const seqOf = new Map((await registry.listDeliveries(webhookId, 1_000)).map((d) => [d.id, d.eventoSeq]));
    return receiver.requests.map((r): Seen => [Number(seqOf.get(String(r.headers['x-svc-entrega']))), r.body]);
  };

  before(async () => {
    const temp = tempDir('svc-rollback-line-');
    cleanup = temp.cleanup;
    dataDir = resolveDataDir(temp.dir);
    await ingestInto(dataDir, [DEMO_FIXTURES]);
    db = await openControlDb(dataDir.controlDb);
    from = await countersOn(sqliteSql(db).db).lastValue(EVENT_SEQ_COUNTER); // what the webhook records as the seq it starts after
    registry = sqliteControlPlane(db).webhooks;
    receiver = new Receiver();
    const url = await receiver.start();
    webhookId = (
      await registry.createWebhook(
        {
          contaId: createAccount(db, 'acme', 'enterprise'),
          nome: 'tudo',
          url,
          eventos: [...EVENTOS],
          secret: 'whsec_l',
        },
        null,
        Date.now(),
      )
    ).id;
    const kept = await ingest('01-pre-jogo.json');
    rolledBack.push(manifest(await ingest('02-inicio.json')), manifest(await ingest('03-gol.json')));
    const r = await runSvcInProcess(['snapshots', 'rollback', kept, '--data-dir', dataDir.root]);
    assert.equal(r.code, 0, r.stderr);
    dispatcher = await startLocalDispatcher(dataDir, db);
  });

  after(async () => {
    for (const c of streams) c.close();
    for (const s of servers) await s.stop();
    await dispatcher?.stop();
    await receiver?.stop();
    db?.close();
    cleanup?.();
  });

  it('a server running since the rollback streams what the webhooks deliver, none of the rolled-back events', async () => {
    const { server, stream } = await serveAndFollow();
    await ingest('02-inicio.json');
    head = manifest(await ingest('03-gol.json'));
    await server.api.holder.refresh();
    await stream.until((c) => lastSeq(c) >= (head.eventos.seq_fim ?? 0));
    const webhooks = (await delivered()).sort(bySeq);
    assert.ok(
      rolledBack.every((m) => m.eventos.total > 0),
      'the rolled-back snapshots held events',
    );
    const rolledBackSeq = ([seq]: Seen) =>
      rolledBack.some((m) => seq >= (m.eventos.seq_inicio ?? 0) && seq <= (m.eventos.seq_fim ?? 0));
    assert.deepEqual(webhooks.filter(rolledBackSeq), [], 'no rolled-back event is delivered');
    assert.ok(webhooks.length > 0, 'the line after the rollback has events');
    assert.deepEqual(streamed(stream), webhooks);
    await server.stop();
  });

  it('a server started after the rollback resumes the same events from its window', async () => {
    const { stream } = await serveAndFollow();
    await stream.until((c) => lastSeq(c) >= (head.eventos.seq_fim ?? 0));
    assert.deepEqual(streamed(stream), (await delivered()).sort(bySeq));
  });
});
