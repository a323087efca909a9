/**
 * Several nodes on one PostgreSQL control plane (issue #18's figures), skipped without PostgreSQL:
 * - the same read route served by `svc serve` on PostgreSQL vs on SQLite (baseline), same data dir, same load
 *   generator, alternating rounds;
 * - the daily quota of one key (10,000) under 3 real `svc serve` nodes × 32 connections: 200s counted;
 * - webhook deliveries per second with 1 and with 2 `svc webhooks run` workers, and what a SIGKILLed worker
 *   loses (nothing: its claims go to the other worker when the lease lapses, same X-SVC-Entrega).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { keyFromText } from '../../src/control/secret-box.js';
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { DEMO_FIXTURES } from '../kit/fixtures.js';
import { runSvc, SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { Receiver } from '../kit/receiver.js';
import { loadGenerator } from './load-generator.js';
import { startChild, stopChild } from './processes.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';
import { CpuWindow, describeCores, pidsNamed } from './proc.js';

export const title = 'cluster: API on PostgreSQL vs SQLite, quota across nodes, webhook workers';

const SVC_SECRET_KEY = 'chave-do-bench-de-cluster-32-caracteres';
const ROUTE = '/v1/campeonatos/1/tabela';
const CONNECTIONS = 64;
const ROUNDS = 4;
const ROUND_SECONDS = 2;
const WARMUP_SECONDS = 3;
const QUOTA = 10_000;
const DELIVERIES = 3_000;

export async function run(): Promise<BenchFigure[]> {
  if (postgresSkip) {
    console.log(`  ${postgresSkip}`);
    return [];
  }
  const database = await createTestDatabase();
  const { dir, cleanup } = tempDir('svc-bench-cluster-');
  const pgEnv = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
  const sqliteEnv = { SVC_SECRET_KEY };
  const children: ChildProcess[] = [];
  const svc = async (env: Record<string, string>, ...args: string[]) => {
    const r = await runSvc([...args, '--data-dir', dir], { env });
    if (r.code !== 0) throw new Error(`svc ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const key = async (env: Record<string, string>, account: string, quota: number) =>
    (
      JSON.parse(
        await svc(
          env,
          'keys',
          'create',
          '--account',
          account,
          '--plan',
          'enterprise',
          '--quota',
          String(quota),
          // Only the daily quota limits these keys: the plan's requests per second would answer most of the load 429.
          '--rate',
          '1000000',
          '--json',
        ),
      ) as { key: string }
    ).key;
  const serve = async (env: Record<string, string>) => {
    const s = await startChild(
      [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir],
      /ouvindo em (http:\/\/[\d.:]+)/,
      true,
      env,
    );
    children.push(s.child);
    return { child: s.child, url: s.match[1]! };
  };
  const figures: BenchFigure[] = [];
  try {
    // The snapshots are the same for both: only the control plane differs.
    await svc(pgEnv, 'ingest', DEMO_FIXTURES);

    // 1. The same route, PostgreSQL vs SQLite control plane.
    const sqliteKey = await key(sqliteEnv, 'bench-sqlite', 1_000_000_000);
    const pgKey = await key(pgEnv, 'bench-pg', 1_000_000_000);
    const onSqlite = await serve(sqliteEnv);
    const onPg = await serve(pgEnv);
    const generator = loadGenerator();
    const sqliteRun = {
      url: `${onSqlite.url}${ROUTE}`,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
      headers: { authorization: `Bearer ${sqliteKey}` },
    };
    const pgRun = {
      url: `${onPg.url}${ROUTE}`,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
      headers: { authorization: `Bearer ${pgKey}` },
    };
    await generator.measure({ ...sqliteRun, seconds: WARMUP_SECONDS });
    await generator.measure({ ...pgRun, seconds: WARMUP_SECONDS });
    const rates = { sqlite: [] as number[], pg: [] as number[] };
    // A rate of refusals or errors would not be the route's: every response must be a 200.
    const served = async (run: typeof pgRun) => {
      const r = await generator.measure(run);
      if (r.failed > 0) throw new Error(`${run.url}: ${r.failed} responses not 2xx`);
      return r.requestsPerSecond;
    };
    for (let round = 0; round < ROUNDS; round++) {
      rates.sqlite.push(await served(sqliteRun));
      rates.pg.push(await served(pgRun));
    }
    const sqliteRate = median(rates.sqlite);
    const pgRate = median(rates.pg);
    figures.push({
      name: `${ROUTE} with the PostgreSQL control plane (${generator.name}, ${CONNECTIONS} connections)`,
      value: Math.round(pgRate),
      unit: 'req/s',
      baseline: { name: 'same route, SQLite control plane', value: Math.round(sqliteRate) },
      target: '≥ 0.9× SQLite',
      met: pgRate >= 0.9 * sqliteRate,
    });
    await stopChild(onSqlite.child);

    // 2. Quota exactness: 3 nodes × 32 connections on one key.
    const nodes = [onPg, await serve(pgEnv), await serve(pgEnv)];
    const quotaKey = await key(pgEnv, 'bench-quota', QUOTA);
    let ok = 0;
    let refused = 0;
    await Promise.all(
      nodes.flatMap(({ url }) =>
        Array.from({ length: 32 }, async () => {
          // Each connection asks until the cluster says the quota is gone.
          for (;;) {
            const res = await fetch(`${url}${ROUTE}`, { headers: { authorization: `Bearer ${quotaKey}` } });
            const body = await res.text();
            if (res.status === 200) ok++;
            else if (res.status === 429 && body.includes('esgotada')) {
              refused++;
              return;
            } else throw new Error(`HTTP ${res.status}: ${body}`);
          }
        }),
      ),
    );
    figures.push({
      name: `quota ${QUOTA}: 200s from 3 nodes × 32 connections (then ${refused} × 429)`,
      value: ok,
      unit: 'requests',
      target: `= ${QUOTA}`,
      met: ok === QUOTA,
    });
    for (const n of nodes) await stopChild(n.child);

    // 3. Webhook workers.
    const receiver = new Receiver();
    const hookUrl = await receiver.start();
    const control = await openPgControlPlane(database.url, { secretKeys: [keyFromText(SVC_SECRET_KEY)] });
    try {
      const account = await control.accounts.createAccount('bench-ganchos', 'enterprise');
      const webhook = await control.webhooks.createWebhook(
        { contaId: account.id, nome: 'bench', url: hookUrl, eventos: ['partida.gol'], secret: 'whsec_bench' },
        null,
        Date.now(),
      );
      // Due deliveries in one statement, as a large fan-out leaves them (enqueueing one by one would be timed too).
      const enqueue = async () => {
        receiver.requests.length = 0;
        const { rows } = await control.pg.pool.query<{ id: string }>(
          `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, criada_em, proxima_tentativa_em)
           SELECT gen_random_uuid()::text, $1, $2, 'partida.gol', '{"n":' || g || '}', 'automatica', 'pendente', $3, $4
           FROM generate_series(1, $5) AS g RETURNING id`,
          [webhook.id, webhook.contaId, new Date().toISOString(), Date.now(), DELIVERIES],
        );
        return new Set(rows.map((r) => r.id));
      };
      // The baseline: the same burst to one worker on the data dir's SQLite control plane.
      const sqlite = await openSqliteControlPlane(path.join(dir, 'control.db'), {
        secretKeys: [keyFromText(SVC_SECRET_KEY)],
      });
      const sqliteHook = await sqlite.webhooks.createWebhook(
        {
          contaId: (await sqlite.accounts.createAccount('bench-ganchos', 'enterprise')).id,
          nome: 'bench',
          url: hookUrl,
          eventos: ['partida.gol'],
          secret: 'whsec_bench',
        },
        null,
        Date.now(),
      );
      const enqueueSqlite = async () => {
        receiver.requests.length = 0;
        const rows = sqlite.db
          .prepare(
            `WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ?)
             INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, criada_em, proxima_tentativa_em)
             SELECT lower(hex(randomblob(16))), ?, ?, 'partida.gol', '{"n":' || n || '}', 'automatica', 'pendente', ?, ?
             FROM g RETURNING id`,
          )
          .all(DELIVERIES, sqliteHook.id, sqliteHook.contaId, new Date().toISOString(), Date.now()) as { id: string }[];
        return new Set(rows.map((r) => r.id));
      };
      const workers = (n: number, env: Record<string, string> = pgEnv) =>
        Promise.all(
          Array.from({ length: n }, () =>
            startChild(
              [SVC_BIN, 'webhooks', 'run', '--allow-private-urls', '--data-dir', dir],
              /despachando/,
              false,
              env,
            ),
          ),
        );
      /** Deliveries per second of `n` workers, from a burst becoming due to its last receipt (workers idle first). */
      // Where the CPU went meanwhile: a second worker can only add deliveries while the machine has a core to spare.
      const burst = async (n: number, env: Record<string, string>, queue: () => Promise<Set<string>>) => {
        const running = await workers(n, env);
        const cpu = new CpuWindow({
          [`worker${n > 1 ? 's' : ''}`]: () => running.map((w) => w.child.pid ?? 0),
          postgres: () => pidsNamed('postgres'),
          'receiver and bench': () => [process.pid],
        });
        const started = Date.now();
        const ids = await queue();
        await receiver.waitFor(DELIVERIES);
        const seconds = (Date.now() - started) / 1000;
        const cores = describeCores(cpu.end());
        for (const w of running) await stopChild(w.child);
        const got = new Set(receiver.requests.map((r) => String(r.headers['x-svc-entrega'])));
        if ([...ids].some((id) => !got.has(id))) throw new Error(`${n} worker(s): a delivery was never received`);
        return { rate: Math.round(DELIVERIES / seconds), cores };
      };
      const onSqlite = await burst(1, sqliteEnv, enqueueSqlite);
      await sqlite.close();
      for (const n of [1, 2]) {
        const { rate, cores } = await burst(n, pgEnv, enqueue);
        figures.push({
          name: `deliveries/s with ${n} worker${n > 1 ? 's' : ''} on PostgreSQL (${DELIVERIES} due at once; ${cores})`,
          value: rate,
          unit: 'deliveries/s',
          baseline: { name: `1 worker on SQLite, same burst (${onSqlite.cores})`, value: onSqlite.rate },
        });
      }

      // A worker SIGKILLed mid-delivery: the slow receiver keeps deliveries in flight.
      const ids = await enqueue();
      receiver.reply = () => ({ status: 200, delayMs: 20 });
      const [a, b] = await workers(2);
      await receiver.waitFor(DELIVERIES / 4);
      a!.child.kill('SIGKILL');
      const killedAt = Date.now();
      await receiver.waitFor(DELIVERIES);
      // The last of the killed worker's claims lapse with their lease; wait for every id.
      const deadline = Date.now() + 90_000;
      const got = () => new Set(receiver.requests.map((r) => String(r.headers['x-svc-entrega'])));
      while ([...ids].some((id) => !got().has(id)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const recovered = (Date.now() - killedAt) / 1000;
      await stopChild(b!.child);
      const received = got();
      const lost = [...ids].filter((id) => !received.has(id)).length;
      figures.push({
        name: `deliveries lost when 1 of 2 workers is SIGKILLed mid-run (all in after ${recovered.toFixed(1)} s; ${receiver.requests.length - received.size} sent twice)`,
        value: lost,
        unit: 'deliveries',
        target: '= 0',
        met: lost === 0,
      });
    } finally {
      await control.close();
      await receiver.stop();
    }
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await stopChild(c);
    cleanup();
    await database.drop();
  }
  return figures;
}
