/**
 * One tenant cannot stall another's webhooks (issue 29): account A has 20 webhooks whose receivers accept the
 * connection and never answer, and fires 400 `POST /testar`; account B has one receiver that answers at once.
 * Live steps ingested one after another fire events to all 21 webhooks. The figure is B's latency from
 * publication (`CURRENT` replaced: its mtime) to receipt at B's receiver, over every event B subscribed to.
 * Real processes as deployed: `svc serve`, `svc webhooks run`, one `svc ingest` per step, SQLite control plane.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { tempDir } from '../kit/dirs.js';
import { FIXTURES_NOW, REPO_ROOT } from '../kit/fixtures.js';
import { startHangingReceivers } from '../kit/hanging-receivers.js';
import { LIVE_STEP_EVENTS, LiveSteps } from '../kit/live-steps.js';
import { Receiver } from '../kit/receiver.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { waitFor } from '../kit/wait.js';
import type { BenchFigure } from './run.js';
import { percentile } from './stats.js';

export const title = "webhooks: a noisy tenant (20 hanging receivers, 400 test sends) against another account's events";

const HANGING = 20;
const TEST_SENDS = 400;
const STEPS = 30;
/** How long B's last deliveries may take to arrive once the steps are published. */
const SETTLE_MS = 120_000;

export async function run(): Promise<BenchFigure[]> {
  const { dir, cleanup } = tempDir('svc-bench-noisy-');
  const dataDir = resolveDataDir(path.join(dir, 'data'));
  const svc = async (...args: string[]): Promise<string> => {
    const r = await runSvc([...args, '--data-dir', dataDir.root]);
    if (r.code !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    return r.stdout;
  };
  const keyOf = (out: string) => (JSON.parse(out) as { key: string }).key;
  const hanging = await startHangingReceivers(HANGING);
  const receiver = new Receiver();
  const receiverUrl = await receiver.start();
  const processes: SvcProcess[] = [];
  try {
    await svc('ingest', path.join(REPO_ROOT, 'fixtures/demo'));
    const keyA = keyOf(await svc('keys', 'create', '--account', 'ruidosa', '--plan', 'enterprise', '--json'));
    const keyB = keyOf(await svc('keys', 'create', '--account', 'vizinha', '--plan', 'pro', '--json'));
    const serve = new SvcProcess([
      'serve',
      '--json',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--allow-private-urls',
      '--data-dir',
      dataDir.root,
    ]);
    processes.push(serve);
    const base = (await serve.waitForOutput(/"event":"ouvindo","url":"([^"]+)"/))[1]!;
    const createWebhook = async (key: string, nome: string, url: string): Promise<number> => {
      const r = await fetch(`${base}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nome, url, eventos: LIVE_STEP_EVENTS }),
      });
      if (r.status !== 201) throw new Error(`webhook ${nome}: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { data: { id: number } }).data.id;
    };
    const noisy: number[] = [];
    for (const [i, url] of hanging.urls.entries()) noisy.push(await createWebhook(keyA, `pendura-${i}`, url));
    const webhookB = await createWebhook(keyB, 'vizinha', receiverUrl);
    const daemon = new SvcProcess(['webhooks', 'run', '--allow-private-urls', '--data-dir', dataDir.root]);
    processes.push(daemon);
    await daemon.waitForOutput(/"event":"despachando"/);

    // The noise first, all at once: 400 test sends round A's webhooks.
    const testStatuses: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: TEST_SENDS }, async (_, i) => {
        const r = await fetch(`${base}/v1/webhooks/${noisy[i % HANGING]}/testar`, {
          method: 'POST',
          headers: { authorization: `Bearer ${keyA}` },
        });
        await r.arrayBuffer();
        testStatuses[r.status] = (testStatuses[r.status] ?? 0) + 1;
      }),
    );

    // Live steps back to back: each publishes events for A's 20 webhooks and B's one.
    const steps = new LiveSteps(dir, () => Date.parse(FIXTURES_NOW));
    /** When each event was published, by seq: the mtime of the CURRENT its step wrote. */
    const publishedAt = new Map<number, number>();
    let expected = 0;
    for (let i = 0; i < STEPS; i++) {
      const { eventos } = JSON.parse(await svc('ingest', steps.next(), '--json')) as {
        eventos: { seq_inicio: number | null; seq_fim: number | null; por_tipo: Record<string, number> };
      };
      const at = statSync(path.join(dataDir.root, 'CURRENT')).mtimeMs;
      const { seq_inicio: first, seq_fim: last } = eventos;
      if (first !== null && last !== null) for (let seq = first; seq <= last; seq++) publishedAt.set(seq, at);
      for (const e of LIVE_STEP_EVENTS) expected += eventos.por_tipo[e] ?? 0;
    }

    const control = await openSqliteControlPlane(dataDir.controlDb);
    try {
      // B answers every delivery at once: one receipt per event.
      await waitFor(() => receiver.requests.length >= expected, `B's ${expected} deliveries`, SETTLE_MS);
      const deliveries = await control.webhooks.filterDeliveries({ webhookId: webhookB });
      const seqOf = new Map(deliveries.map((d) => [d.id, d.eventoSeq]));
      const latencies = receiver.requests
        .map((r) => {
          const seq = seqOf.get(String(r.headers['x-svc-entrega']));
          const at = seq == null ? undefined : publishedAt.get(seq);
          if (at === undefined) throw new Error(`a delivery to B of no live step: ${r.body}`);
          return r.at - at;
        })
        .sort((a, b) => a - b);
      const sends = Object.entries(testStatuses)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ');
      const what = `${latencies.length} events of B, ${STEPS} live steps, A: ${HANGING} hanging webhooks + ${TEST_SENDS} test sends (${sends}), ${hanging.accepted()} sends held by A's receivers`;
      const p99 = percentile(latencies, 99);
      return [
        { name: `B's publication → receipt p50 (${what})`, value: percentile(latencies, 50), unit: 'ms' },
        {
          name: `B's publication → receipt p99 (${what})`,
          value: p99,
          unit: 'ms',
          target: '≤ 2000 ms',
          met: p99 <= 2000,
        },
      ];
    } finally {
      await control.close();
    }
  } finally {
    // The hanging receivers go first, so the daemon's sends to them end instead of holding its shutdown.
    await hanging.stop();
    for (const p of processes) p.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await receiver.stop();
    cleanup();
  }
}
