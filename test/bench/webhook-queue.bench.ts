/**
 * The delivery queue's SQLite bookkeeping alone, without HTTP: CPU per delivery of its fan-out, claims and outcome
 * bursts, against what the fair baseline of webhooks.bench.ts writes for the same deliveries (its two narrow
 * tables), in the same process, rounds alternated. CPU time, not wall time: on the shared 2-core machine the
 * webhooks bench's wall-clock rates swing with other load, while this splits the daemon's cost by phase steadily
 * enough (a few %) to tell a schema or statement change apart. The pattern is the bench's: claims of a slot's
 * worth ahead of ~100 held, bursts of 40 outcomes (10 ms at ~4,000 deliveries/s), one webhook, every delivery
 * delivered at its first attempt, its request headers kept.
 */
import path from 'node:path';
import Database from 'libsql';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb } from '../../src/control/database.js';
import type { DeliveryJob, OutboxEvent } from '../../src/control/webhooks/records.js';
import { EVENTOS } from '../../src/domain/events.js';
import { deliveryHeaders } from '../../src/webhooks/signing.js';
import { testDataDir } from '../kit/dirs.js';
import { createAccount } from '../webhooks/helpers.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';

export const title = 'webhook queue: SQLite bookkeeping per delivery (CPU), against the fair baseline’s writes';

const DELIVERIES = 3000;
const ROUNDS = 5;
const CLAIM = 16;
const HELD = 100;
const BURST = 40;
const URL = 'http://127.0.0.1:9/bench';

function cpuNow(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

function bodies(from: number, now: number): OutboxEvent[] {
  return Array.from({ length: DELIVERIES }, (_, i) => ({
    seq: from + i + 1,
    evento: 'partida.placar_atualizado',
    campeonato_id: 1,
    corpo: JSON.stringify({
      evento: 'partida.placar_atualizado',
      id: `e${from + i + 1}`,
      criado_em: new Date(now).toISOString(),
      dados: { id: i, campeonato_id: 1, status: 'ao_vivo', placar_mandante: i % 5, placar_visitante: 1, gols: [] },
    }),
  }));
}

/** The fair baseline's writes (webhooks.bench.ts `fairLoop`) for one round: CPU µs per delivery. */
function fairWrites(db: InstanceType<typeof Database>, events: readonly OutboxEvent[], now: number): number {
  const insert = db.prepare("INSERT INTO entregas (id, corpo, status) VALUES (?, ?, 'pendente')");
  const attempt = db.prepare('INSERT INTO tentativas (entrega_id, status_http, duracao_ms, em) VALUES (?, ?, ?, ?)');
  const done = db.prepare("UPDATE entregas SET status = 'entregue' WHERE id = ?");
  const started = cpuNow();
  db.transaction(() => {
    for (const e of events) insert.run(e.seq, e.corpo);
  })();
  for (let i = 0; i < events.length; i += BURST)
    db.transaction(() => {
      for (const e of events.slice(i, i + BURST)) {
        attempt.run(e.seq, 200, 3, now);
        done.run(e.seq);
      }
    })();
  return (cpuNow() - started) / events.length;
}

export async function run(): Promise<BenchFigure[]> {
  const dataDir = testDataDir();
  const db = await openControlDb(dataDir.controlDb);
  const fair = new Database(path.join(dataDir.root, 'fair-writes.db'));
  try {
    fair.pragma('journal_mode = WAL');
    fair.pragma('synchronous = NORMAL');
    fair.exec(`CREATE TABLE entregas (id INTEGER PRIMARY KEY, corpo TEXT NOT NULL, status TEXT NOT NULL);
      CREATE TABLE tentativas (entrega_id INTEGER NOT NULL, status_http INTEGER, duracao_ms REAL, em INTEGER);`);
    const control = sqliteControlPlane(db);
    const conta = createAccount(db, 'bench', 'enterprise');
    db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_ilimitado) VALUES (?, 1)').run(conta);
    await control.webhooks.createWebhook(
      { contaId: conta, nome: 'bench', url: URL, eventos: [...EVENTOS], secret: 'whsec_bench' },
      null,
      Date.now(),
    );
    const queue = control.deliveryQueue(() => null);
    const subscribers = await queue.subscribers();
    const phases = { fanOut: [] as number[], claims: [] as number[], outcomes: [] as number[], fair: [] as number[] };
    let now = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const events = bodies(round * DELIVERIES, now);
      phases.fair.push(fairWrites(fair, events, now));
      const spent = { fanOut: 0, claims: 0, outcomes: 0 };
      let t = cpuNow();
      await queue.fanOut(events, () => subscribers, events.at(-1)?.seq ?? 0, now);
      spent.fanOut += cpuNow() - t;
      let left = DELIVERIES;
      const held: DeliveryJob[] = [];
      while (left > 0 || held.length > 0) {
        now += 5;
        if (left > 0) {
          t = cpuNow();
          const jobs = await queue.claimDue(now, CLAIM, 'bench:1', 30_000);
          spent.claims += cpuNow() - t;
          if (jobs.length === 0) throw new Error('nothing due: the queue lost deliveries');
          held.push(...jobs);
          left -= jobs.length;
        }
        if (held.length < HELD && left > 0) continue;
        const burst = held.splice(0, BURST).map((job) => {
          const cabecalhos = deliveryHeaders({
            evento: job.evento,
            entregaId: job.id,
            tentativa: job.tentativas + 1,
            secret: job.secret,
            body: job.corpo,
            nowMs: now,
          });
          const attempt = {
            numero: job.tentativas + 1,
            origem: 'automatica' as const,
            destino: job.url,
            iniciadaEm: now,
            statusCode: 200,
            erro: null,
            duracaoMs: 3,
            resposta: '',
            cabecalhos: { ...cabecalhos, 'content-length': String(Buffer.byteLength(job.corpo)) },
          };
          return { job, outcome: { kind: 'entregue' as const, attempt, at: now } };
        });
        t = cpuNow();
        await queue.recordOutcomes(burst);
        spent.outcomes += cpuNow() - t;
      }
      phases.fanOut.push(spent.fanOut / DELIVERIES);
      phases.claims.push(spent.claims / DELIVERIES);
      phases.outcomes.push(spent.outcomes / DELIVERIES);
    }
    const total = phases.fanOut.map((f, i) => f + (phases.claims[i] ?? NaN) + (phases.outcomes[i] ?? NaN));
    const fairCpu = {
      name: 'fair baseline’s writes (narrow rows, attempts and updates in bursts)',
      value: median(phases.fair),
    };
    const figure = (name: string, values: number[]): BenchFigure => ({
      name: `${name}, CPU per delivery (median of ${ROUNDS} rounds of ${DELIVERIES})`,
      value: median(values),
      unit: 'µs',
      baseline: fairCpu,
    });
    return [
      figure('queue: fan-out + claims + outcome bursts', total),
      figure('queue: fan-out (one transaction per round)', phases.fanOut),
      figure(`queue: claims (${CLAIM} a claim, ${HELD} held)`, phases.claims),
      figure(`queue: outcome bursts of ${BURST} (delivery rows, attempts, webhook, quota)`, phases.outcomes),
    ];
  } finally {
    fair.close();
    db.close();
    dataDir.cleanup();
  }
}
