/**
 * The live event stream on a real `svc serve` (a child process) over the demo data:
 * - publication → event: a connected client's arrival time of each goal minus the time `CURRENT` was replaced
 *   (its mtime), over PUBLICATIONS ingests of one goal each; baseline: the same client's round trip of a plain
 *   GET of the live list on the same server (what polling costs at best, besides its period);
 * - fan-out: STREAMS concurrent streams, the server's RSS before and with them, and the time until one goal has
 *   reached all of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../kit/ingest.js';
import { closePublishEngine } from '../../src/warehouse/publish-engine.js';
import { DEMO_FIXTURES, LIVE_DAY, REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createKey } from '../kit/keys.js';
import { stopProcess } from '../tui/serve.js';
import type { BenchFigure } from './run.js';
import { median, percentile } from './stats.js';
import { memoryMb as rssMb } from './proc.js';

export const title = 'live stream: publication → event at a client, 5,000 concurrent streams';

const PUBLICATIONS = Number(process.env.SVC_BENCH_STREAM_PUBLICATIONS ?? 30);
const STREAMS = Number(process.env.SVC_BENCH_STREAMS ?? 5_000);

/** A goal of the live match, the `n`-th of the bench. */
function goalFeed(n: number): object {
  return {
    formato: 'svc-feed/1',
    fonte: 'demo',
    partidas: [
      {
        id: 'sa26-r34-fla-pal',
        campeonato: 'sa26',
        rodada: 'sa26-r34',
        mandante: 'fla',
        visitante: 'pal',
        status: 'ao_vivo',
        placar_mandante: n,
        placar_visitante: 0,
        data_hora: '2026-11-22T18:30:00-03:00',
        estadio: 'Maracanã',
      },
    ],
    eventos: Array.from({ length: n }, (_, i) => ({
      id: `bench-gol-${i + 1}`,
      partida: 'sa26-r34-fla-pal',
      tipo: 'gol',
      minuto: 1 + (i % 89),
      time: 'fla',
      jogador: 'Diego Freitas',
      jogador_id: 'fla-09',
    })),
  };
}

/** A raw stream connection: counts the goal frames it has seen. */
function openStream(port: number, key: string, onGoal: () => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let head = false;
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (d: string) => {
      if (!head && d.includes('retry:')) {
        head = true;
        resolve(socket);
      }
      if (!head && /^HTTP\/1\.1 [^2]/.test(d)) reject(new Error(d.split('\r\n')[0]));
      if (d.includes('event: partida.gol')) onGoal();
    });
    socket.write(
      `GET /v1/stream?eventos=partida.gol HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n\r\n`,
    );
  });
}

export async function run(): Promise<BenchFigure[]> {
  const { dir, cleanup } = tempDir('svc-bench-stream-');
  let child: ChildProcess | null = null;
  const sockets: Socket[] = [];
  const sendLog: { writes: number; read_ms: number; send_ms: number }[] = [];
  try {
    const dataDir = resolveDataDir(dir);
    for (const input of [DEMO_FIXTURES, path.join(LIVE_DAY, '01-pre-jogo.json'), path.join(LIVE_DAY, '02-inicio.json')])
      await ingestSqlite({ dataDir, inputs: [input] });
    const plans = path.join(dir, 'plans.json');
    writeFileSync(
      plans,
      JSON.stringify({
        enterprise: { requisicoes: 100_000_000, por_segundo: 1_000_000, streams_simultaneos: STREAMS + 10 },
      }),
    );
    const key = await createKey(dir, 'bench', 'enterprise');
    child = spawn(
      process.execPath,
      [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--json', '--plans', plans, '--data-dir', dir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child!.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        for (const line of d.split('\n'))
          if (line.includes('"stream_enviado"'))
            sendLog.push(JSON.parse(line) as { writes: number; read_ms: number; send_ms: number });
        const m = /"event":"ouvindo","url":"http:\/\/[^:]+:(\d+)"/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child!.on('exit', (code) => reject(new Error(`svc serve exited ${code}`)));
    });
    const published = () => statSync(dataDir.currentFile).mtimeMs;
    let goal = 0;
    const publishGoal = async () => {
      goal += 1;
      const file = path.join(dir, `gol-${goal}.json`);
      writeFileSync(file, JSON.stringify(goalFeed(goal)));
      await ingestSqlite({ dataDir, inputs: [file] });
    };

    // Publication → event at one connected client.
    let arrived: (() => void) | null = null;
    sockets.push(await openStream(port, key, () => arrived?.()));
    const latencies: number[] = [];
    for (let i = 0; i < PUBLICATIONS; i++) {
      const seen = new Promise<number>((resolve) => (arrived = () => resolve(Date.now())));
      await publishGoal();
      latencies.push((await seen) - published());
      arrived = null;
    }
    latencies.sort((a, b) => a - b);
    const polls: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await (
        await fetch(`http://127.0.0.1:${port}/v1/partidas/ao-vivo`, { headers: { authorization: `Bearer ${key}` } })
      ).text();
      polls.push(performance.now() - start);
    }

    // Fan-out to STREAMS clients.
    const rssBefore = rssMb(child.pid!);
    let reached = 0;
    let allReached: (() => void) | null = null;
    const onGoal = () => {
      reached += 1;
      if (reached === STREAMS) allReached?.();
    };
    for (let opened = 1; opened < STREAMS; ) {
      const batch = Math.min(250, STREAMS - opened);
      sockets.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(port, key, onGoal)))));
      opened += batch;
    }
    sockets[0]!.removeAllListeners('data');
    sockets[0]!.on('data', (d: string) => d.includes('event: partida.gol') && onGoal());
    const rssWith = rssMb(child.pid!);
    const everyone = new Promise<number>((resolve) => (allReached = () => resolve(Date.now())));
    await publishGoal();
    const fanOut =
      (await Promise.race([everyone, new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))])) - published();

    await new Promise((r) => setTimeout(r, 500)); // the server's log lines are written once per event-loop turn
    const last = sendLog.reduce<(typeof sendLog)[number] | undefined>(
      (a, b) => (a && a.writes >= b.writes ? a : b),
      undefined,
    );
    const reads = sendLog.map((l) => l.read_ms).sort((a, b) => a - b);
    return [
      { name: 'server: outbox read per swap (median)', value: median(reads), unit: 'ms' },
      {
        name: `server: writing one event to ${last?.writes ?? '?'} streams`,
        value: last?.send_ms ?? NaN,
        unit: 'ms',
      },
      {
        name: 'publication → event p50',
        value: median(latencies),
        unit: 'ms',
        baseline: { name: 'GET /v1/partidas/ao-vivo round trip (median)', value: median(polls) },
        target: '≤ 100 ms',
        met: median(latencies) <= 100,
      },
      {
        name: 'publication → event p99',
        value: percentile(latencies, 99),
        unit: 'ms',
        target: '≤ 500 ms',
        met: percentile(latencies, 99) <= 500,
      },
      {
        name: `RSS of svc serve with ${STREAMS} streams`,
        value: rssWith,
        unit: 'MB',
        baseline: { name: 'RSS with 1 stream', value: rssBefore },
        target: '≤ 600 MB',
        met: rssWith <= 600,
      },
      {
        name: `publication → one event at all ${STREAMS} streams (reached ${reached})`,
        value: fanOut,
        unit: 'ms',
        target: '≤ 1000 ms',
        met: fanOut <= 1000,
      },
    ];
  } finally {
    for (const s of sockets) s.destroy();
    if (child) await stopProcess(child);
    await closePublishEngine();
    cleanup();
  }
}
