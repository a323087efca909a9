/**
 * Webhook delivery figures: sustained signed deliveries per second from the dispatcher to a local receiver,
 * against a bare loop of HTTP POSTs of the same bodies to the same receiver with the same concurrency; and
 * the latency from snapshot publication (CURRENT replaced) to the first delivery attempt.
 */
import http from 'node:http';
import { openControlDb } from '../../src/control/database.js';
import { openWebhookRegistry } from '../../src/control/webhooks/registry.js';
import { EVENTOS } from '../../src/domain/events.js';
import { startDispatcher } from '../../src/webhooks/dispatcher.js';
import { createAccount, eventBody, publishSnapshot, Receiver, testDataDir, type TestEvent } from '../webhooks/helpers.js';
import type { BenchFigure } from './run.js';
import { median, percentile } from './stats.js';

export const title = 'webhooks: dispatcher throughput and publication-to-delivery latency';

const CONCURRENCY = 16;
const DELIVERIES = 3000;
const LATENCY_SAMPLES = 40;
const ROUNDS = 5;

function cpuMicros(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return u.user + u.system;
}

/** The baseline: the same bodies POSTed by CONCURRENCY workers over keep-alive sockets, nothing else. */
async function bareLoop(url: string, bodies: readonly string[]): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) await post(bodies[next++] ?? '');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return bodies.length / seconds;
}

export async function run(): Promise<BenchFigure[]> {
  const dataDir = testDataDir();
  const receiver = new Receiver();
  const url = await receiver.start();
  const db = openControlDb(dataDir.controlDb);
  try {
    const conta = createAccount(db, 'bench', 'enterprise');
    db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_ilimitado) VALUES (?, 1)').run(conta);
    openWebhookRegistry(db).createWebhook({ contaId: conta, nome: 'bench', url, eventos: [...EVENTOS], secret: 'whsec_bench' }, null, Date.now());
    const events: TestEvent[] = Array.from({ length: DELIVERIES }, (_, i) => ({
      evento: 'partida.placar_atualizado',
      campeonato_id: 1,
      dados: { id: i, campeonato_id: 1, status: 'ao_vivo', placar_mandante: i % 5, placar_visitante: 1, gols: [] },
    }));

    // Interleaved rounds, medians: the machine is shared, so a single pair of runs is mostly noise.
    const dispatcher = await startDispatcher({ dataDir, allowPrivateUrls: true, concurrency: CONCURRENCY, mailer: null, log: () => {} });
    const baselines: number[] = [];
    const rates: number[] = [];
    const baselineCpu: number[] = [];
    const daemonCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bareStart = process.cpuUsage();
      baselines.push(await bareLoop(url, events.map((e) => eventBody(e))));
      baselineCpu.push(cpuMicros(bareStart) / DELIVERIES);
      receiver.requests.length = 0;
      await publishSnapshot(dataDir, events);
      await receiver.waitFor(1);
      const daemonStart = process.cpuUsage();
      await receiver.waitFor(DELIVERIES);
      daemonCpu.push(cpuMicros(daemonStart) / (DELIVERIES - 1));
      // Sustained rate: first request received to last (the one fan-out before it excluded).
      const first = receiver.requests[0]?.at ?? NaN;
      const last = receiver.requests[DELIVERIES - 1]?.at ?? NaN;
      rates.push((DELIVERIES - 1) / ((last - first) / 1000));
      receiver.requests.length = 0;
    }
    const baseline = median(baselines);
    const throughput = median(rates);

    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const before = receiver.requests.length;
      await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
      const published = Date.now();
      await receiver.waitFor(before + 1);
      latencies.push((receiver.requests[before]?.at ?? NaN) - published);
    }
    await dispatcher.stop();
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    return [
      {
        name: `signed deliveries/s (daemon, concurrency ${CONCURRENCY}, ${DELIVERIES} deliveries, median of ${ROUNDS})`,
        value: throughput,
        unit: 'deliveries/s',
        baseline: { name: `bare HTTP POST loop, same bodies and concurrency, median of ${ROUNDS}`, value: baseline },
        target: '≥ 50 % of baseline',
        met: throughput >= 0.5 * baseline,
      },
      {
        // Wall-clock rates on a shared machine swing with other load; CPU per delivery over the same window
        // (sender and receiver in this one process) shows the daemon's own overhead.
        name: `CPU per delivery, sustained (daemon: signing, claims, outcome writes; receiver in-process; median of ${ROUNDS})`,
        value: median(daemonCpu),
        unit: 'µs',
        baseline: { name: 'bare HTTP POST loop + receiver', value: median(baselineCpu) },
      },
      { name: `publication → first attempt p50 (${LATENCY_SAMPLES} snapshots)`, value: p50, unit: 'ms', target: '≤ 500 ms', met: p50 <= 500 },
      { name: `publication → first attempt p99 (${LATENCY_SAMPLES} snapshots)`, value: p99, unit: 'ms', target: '≤ 2000 ms', met: p99 <= 2000 },
    ];
  } finally {
    db.close();
    await receiver.stop();
    dataDir.cleanup();
  }
}
