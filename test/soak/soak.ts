/**
 * Chaos soak (`npm run soak`, not part of `npm test`): for a bounded time it replays live updates with real
 * `svc ingest` processes while `svc serve`, `svc webhooks run` and a resident ingester (`svc ingest --resident`, which
 * takes most steps) run, SIGKILLs any of the four at random (the resident in the middle of a step),
 * takes PostgreSQL away and back (`--postgres`), and lets a noisy tenant (webhooks whose receivers never answer,
 * test sends in a loop) load the daemon; at the end it checks the invariants an operator relies on:
 *   - every event of the current line of snapshots reached every subscribed receiver;
 *   - no event under two delivery ids, and no change delivered twice under two events;
 *   - `CURRENT` always named a complete snapshot (file and manifest), watched every 20 ms;
 *   - no API request failed except while a killed server was down, or answered 503 + Retry-After while
 *     PostgreSQL was away; an ingest failed only then, with exit 4 (`entrada_inacessivel`);
 *   - no `svc serve`, `svc webhooks run` or resident exited unless the soak killed it; an ingest exited 5 (the lock)
 *     only right after the soak killed a client whose step its resident went on with;
 *   - a key's daily quota was never exceeded.
 * Options: `--minutes N` (default 10; `--minutes 1` for a ~2 min run with the settling), `--seed N`, `--postgres`
 * (the control plane on a PostgreSQL server of the soak's own, initdb'd in its temp folder from the machine's
 * PostgreSQL binaries, so restarting it disturbs nothing else), `--pg-restarts N` (with --postgres; default 5,
 * spread over the run: `pg_ctl restart -m fast`, a real restart), `--without-resident` (every step in its own process, as
 * before the resident existed). Exit code 0 when every invariant held, 1 otherwise.
 * Traffic stays on loopback; every loop is bounded by the deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { keyFromText } from '../../src/control/secret-box.js';
import { utcDayOf } from '../../src/time.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { readLineEvents } from '../../src/warehouse/outbox-reader.js';
import { manifestFile, readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { DEMO_FIXTURES, REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { startHangingReceivers } from '../kit/hanging-receivers.js';
import { LIVE_STEP_EVENTS, LiveSteps } from '../kit/live-steps.js';
import { startPrivatePostgres } from '../kit/private-postgres.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'pg-restarts': { type: 'string' },
    'without-resident': { type: 'boolean', default: false },
  },
});
const pgRestarts = Number(args['pg-restarts'] ?? (args.postgres ? 5 : 0));
if (pgRestarts > 0 && !args.postgres) throw new Error('--pg-restarts needs --postgres');
const durationMs = Number(args.minutes) * 60_000;
let seed = Number(args.seed ?? Date.now() % 1_000_000);
const firstSeed = seed;
/** Deterministic per seed (mulberry32), so a failing run can be repeated. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const root = mkdtempSync(path.join(os.tmpdir(), 'svc-soak-'));
const dataDir = resolveDataDir(path.join(root, 'data'));
const QUOTA = 400;
/** Webhooks of the noisy tenant, each to a receiver that never answers. */
const NOISY_WEBHOOKS = 5;
const counts = {
  ingests: 0,
  ingestsKilled: 0,
  ingestsFailed: 0,
  ingestsLockedAfterKill: 0,
  residentSteps: 0,
  residentKills: 0,
  daemonKills: 0,
  serveKills: 0,
  requests: 0,
  requestsFailed: 0,
  requestsFailedWhileDown: 0,
  quota200: 0,
  quota429: 0,
  currentChecks: 0,
  currentIncomplete: 0,
  deliveriesReceived: 0,
  badSignatures: 0,
  pgRestarts: 0,
  requests503WhilePgAway: 0,
  ingestsRefusedWhilePgAway: 0,
  startsRefusedWhilePgAway: 0,
  noisyTestSends: {} as Record<number, number>,
};
const problems: string[] = [];

// ---- the control plane: the data dir's SQLite, or a PostgreSQL database of its own ----
const SECRET_KEY = 'chave-do-soak-com-mais-de-32-caracteres';
const database = args.postgres ? await startPrivatePostgres() : null;
// However the soak ends (a clean run stops it first), its server does not outlive it.
process.on('exit', () => {
  try {
    database?.stop();
  } catch {
    // already stopped
  }
});
const controlEnv: Record<string, string> = database
  ? { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY: SECRET_KEY }
  : {};
const openControl = (): Promise<ControlPlane> =>
  database
    ? openPgControlPlane(database.url, { secretKeys: [keyFromText(SECRET_KEY)] })
    : openSqliteControlPlane(dataDir.controlDb);

function svc(argv: string[]): ChildProcess {
  return spawn(process.execPath, [SVC_BIN, ...argv, '--data-dir', dataDir.root], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', ...controlEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function run(
  argv: string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = svc(argv);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

// ---- the server, with its downtime recorded ----
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serve = null as ChildProcess | null;
/** [from, to] intervals when the server was known to be down (killed until ready again). */
const downtime: [number, number][] = [];
/** Set from just before a kill (or the first start) until the server answers /readyz again. */
let downSince: number | null = Date.now();

async function startServe(): Promise<void> {
  const child = svc(['serve', '--port', String(port), '--host', '127.0.0.1', '--allow-private-urls', '--json']);
  serve = child;
  child.stdout!.resume();
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    if (exited === 4 && wasPgAway(Date.now(), Date.now())) {
      // Refused for want of its control plane, as designed: started again once it is back, as a supervisor would.
      counts.startsRefusedWhilePgAway += 1;
      await postgresBack();
      return startServe();
    }
    // A server that cannot start otherwise is a finding, not something to wait for.
    if (exited !== undefined)
      throw new Error(`svc serve exited ${String(exited)} before it was ready: ${stderr.trim()}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  downtime.push([downSince ?? Date.now(), Date.now()]);
  downSince = null;
  // Ready: from here any exit is a node dying.
  watchExit(child, { name: 'svc serve', stderr: () => stderr, ready: () => true, restart: () => undefined });
}

/** Whether [from, to] overlaps a window (an open one, since `openSince`, too), widened by `after` ms at its end. */
function overlaps(windows: [number, number][], openSince: number | null, from: number, to: number, after: number) {
  const all = openSince === null ? windows : [...windows, [openSince, Date.now()] as [number, number]];
  return all.some(([a, b]) => from <= b + after && to >= a - 100);
}
const wasDown = (from: number, to: number) => overlaps(downtime, downSince, from, to, 100);

/** Children the soak itself stops: any other exit of `svc serve` or `svc webhooks run` is a node dying. */
const stopping = new Set<ChildProcess>();
function watchExit(
  child: ChildProcess,
  { name, stderr, ready, restart }: { name: string; stderr: () => string; ready: () => boolean; restart: () => void },
): void {
  child.once('exit', (code, signal) => {
    if (stopping.has(child)) return;
    // Started during an outage, a node that never got its control plane exits 4 by design: started again once
    // PostgreSQL is back, as a supervisor would.
    if (!ready() && code === 4 && wasPgAway(Date.now(), Date.now())) {
      counts.startsRefusedWhilePgAway += 1;
      void postgresBack().then(restart);
      return;
    }
    const tail = stderr().trim().split('\n').slice(-3).join(' | ');
    problems.push(`${name} exited on its own (code ${code}, signal ${signal}): ${tail}`);
  });
}

// ---- PostgreSQL away and back ----
/** [from, to] of each outage; 503s and refused ingests are expected until a few seconds after (pools reconnect). */
const pgAway: [number, number][] = [];
let pgAwaySince: number | null = null;
const PG_RECOVERY_MS = 5_000;
const wasPgAway = (from: number, to: number) => overlaps(pgAway, pgAwaySince, from, to, PG_RECOVERY_MS);

/**
 * A killed node is started again once PostgreSQL is back: a node starting without its control plane exits 4 by
 * design (a supervisor retries it); what the soak checks is that a running node survives the outage.
 */
async function postgresBack(): Promise<void> {
  while (pgAwaySince !== null) await sleep(50);
}

/** `pgRestarts` outages spread evenly over the run. */
async function pgOutages(start: number): Promise<void> {
  for (let k = 1; k <= pgRestarts; k++) {
    const at = start + (durationMs * k) / (pgRestarts + 1);
    while (Date.now() < at) await sleep(100);
    pgAwaySince = Date.now();
    await database!.restart();
    pgAway.push([pgAwaySince, Date.now()]);
    pgAwaySince = null;
    counts.pgRestarts += 1;
  }
}

// ---- the webhook daemon ----
let daemon = null as ChildProcess | null;
function startDaemon(): void {
  const child = svc(['webhooks', 'run', '--allow-private-urls']);
  daemon = child;
  let ready = false;
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (ready ||= d.includes('"event":"despachando"')));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  watchExit(child, { name: 'svc webhooks run', stderr: () => stderr, ready: () => ready, restart: startDaemon });
}

// ---- receivers ----
interface Received {
  receiver: number;
  entrega: string;
  evento: string;
  body: string;
}
const received: Received[] = [];
const secrets: string[] = [];
async function startReceiver(index: number): Promise<string> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const h = (n: string) => (Array.isArray(req.headers[n]) ? undefined : (req.headers[n] as string | undefined));
      const ok = verifyDelivery({
        secret: secrets[index]!,
        body,
        timestamp: h('x-svc-timestamp'),
        signature: h('x-svc-assinatura'),
      });
      if (!ok.ok) counts.badSignatures += 1;
      received.push({ receiver: index, entrega: h('x-svc-entrega') ?? '', evento: h('x-svc-evento') ?? '', body });
      counts.deliveriesReceived += 1;
      // A receiver that is sometimes slow: deliveries overlap with kills of the daemon.
      setTimeout(() => res.writeHead(200).end(), random() < 0.1 ? 200 : 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiversToClose.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/${index}`;
}
const receiversToClose: http.Server[] = [];

// ---- live updates ----
const steps = new LiveSteps(root, Date.now);

// ---- clients ----
let stopClients = false;
async function apiClient(key: string): Promise<void> {
  const paths = ['/v1/partidas/ao-vivo', '/v1/campeonatos', '/v1/campeonatos/1/tabela'];
  while (!stopClients) {
    const started = Date.now();
    try {
      const r = await fetch(`${base}${paths[Math.floor(random() * paths.length)]}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await r.arrayBuffer();
      counts.requests += 1;
      if (r.status === 503 && r.headers.has('retry-after') && wasPgAway(started, Date.now())) {
        counts.requests503WhilePgAway += 1;
        await sleep(20);
        continue;
      }
      if (r.status !== 200) throw new Error(`status ${r.status}`);
    } catch (err) {
      if (wasDown(started, Date.now()) || serve === null) counts.requestsFailedWhileDown += 1;
      else {
        counts.requestsFailed += 1;
        const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
        problems.push(
          `request failed at ${new Date(started).toISOString()} with the server up: ${err instanceof Error ? err.message : String(err)}${cause}; down: ${downtime.map(([a, b]) => `${new Date(a).toISOString()}–${new Date(b).toISOString()}`).join(', ')}`,
        );
      }
      await sleep(20);
    }
  }
}

async function quotaClient(key: string): Promise<void> {
  while (!stopClients) {
    try {
      const r = await fetch(`${base}/v1/campeonatos`, { headers: { authorization: `Bearer ${key}` } });
      await r.arrayBuffer();
      if (r.status === 200) counts.quota200 += 1;
      if (r.status === 429) counts.quota429 += 1;
    } catch {
      // the server was killed: counted by the other client
    }
    await sleep(random() * 30);
  }
}

/** The noisy tenant's test sends, round the webhooks, counted by status (409: a test already pending). */
async function noisyTestSends(key: string, ids: number[]): Promise<void> {
  for (let i = 0; !stopClients; i++) {
    const started = Date.now();
    try {
      const r = await fetch(`${base}/v1/webhooks/${ids[i % ids.length]}/testar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
      await r.arrayBuffer();
      counts.noisyTestSends[r.status] = (counts.noisyTestSends[r.status] ?? 0) + 1;
      const away = r.status === 503 && r.headers.has('retry-after') && wasPgAway(started, Date.now());
      if (r.status >= 500 && !away)
        problems.push(`a test send answered ${r.status} at ${new Date(started).toISOString()}`);
    } catch {
      // the server was killed: counted by the API clients
    }
    await sleep(25);
  }
}

// ---- CURRENT watcher ----
let stopWatch = false;
async function watchCurrent(): Promise<void> {
  while (!stopWatch) {
    const id = readCurrentId(dataDir);
    if (id !== null) {
      counts.currentChecks += 1;
      if (!existsSync(snapshotFile(dataDir, id)) || !existsSync(manifestFile(dataDir, id))) {
        counts.currentIncomplete += 1;
        problems.push(`CURRENT named ${id}, which was not complete`);
      }
    }
    await sleep(20);
  }
}

// ---- the resident ingester: takes the steps it can; killed mid-step at random, started again ----
let resident = null as ChildProcess | null;
let residentLog = '';

async function startResident(): Promise<void> {
  const child = svc(['ingest', '--resident']);
  resident = child;
  child.stdout!.resume();
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    residentLog += d;
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!stderr.includes('residente em')) {
    if (exited) throw new Error(`svc ingest --resident exited before it listened: ${stderr.trim()}`);
    await sleep(20);
  }
  watchExit(child, {
    name: 'svc ingest --resident',
    stderr: () => stderr,
    ready: () => true,
    restart: () => undefined,
  });
}

// ---- the run ----
console.log(
  `soak: ${args.minutes} min, seed ${firstSeed}, data dir ${dataDir.root}, control plane ${database ? 'PostgreSQL' : 'SQLite'}`,
);
const first = await run(['ingest', DEMO_FIXTURES]);
if (first.code !== 0) throw new Error(`demo ingest failed: ${first.stderr}`);
const key = JSON.parse(
  (
    await run([
      'keys',
      'create',
      '--account',
      'soak',
      '--plan',
      'pro',
      '--quota',
      '100000000',
      '--rate',
      '10000',
      '--json',
    ])
  ).stdout,
).key as string;
const quotaKey = JSON.parse(
  (
    await run([
      'keys',
      'create',
      '--account',
      'cota',
      '--plan',
      'pro',
      '--quota',
      String(QUOTA),
      '--rate',
      '10000',
      '--json',
    ])
  ).stdout,
).key as string;
await startServe();
if (!args['without-resident']) await startResident();
for (const i of [0, 1]) {
  const url = await startReceiver(i);
  const r = await fetch(`${base}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      nome: `soak-${i}`,
      url,
      eventos: LIVE_STEP_EVENTS,
    }),
  });
  const created = (await r.json()) as { data: { secret: string } };
  secrets[i] = created.data.secret;
}
const noisyKey = JSON.parse(
  (await run(['keys', 'create', '--account', 'ruidoso', '--plan', 'enterprise', '--json'])).stdout,
).key as string;
const hanging = await startHangingReceivers(NOISY_WEBHOOKS);
const noisyIds: number[] = [];
for (const [i, url] of hanging.urls.entries()) {
  const r = await fetch(`${base}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${noisyKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nome: `pendura-${i}`, url, eventos: LIVE_STEP_EVENTS }),
  });
  noisyIds.push(((await r.json()) as { data: { id: number } }).data.id);
}
startDaemon();
const clients = [apiClient(key), apiClient(key), quotaClient(quotaKey), noisyTestSends(noisyKey, noisyIds)];
const outages = pgOutages(Date.now());
const watcher = watchCurrent();

const deadline = Date.now() + durationMs;
let step = 0;
/** The last client was killed while a resident may still run its step: the next one may meet the lock (exit 5). */
let clientKilled = false;
while (Date.now() < deadline) {
  step += 1;
  const feed = steps.next();
  // Keep every snapshot: the check at the end reads the events of the whole current line.
  const child = svc(['ingest', feed, '--json', '--keep', '100000']);
  child.stdout!.resume();
  let ingestStderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (ingestStderr += d));
  const ingestStarted = Date.now();
  const killIt = random() < 0.25;
  const timer = killIt ? setTimeout(() => child.kill('SIGKILL'), random() * 600) : null;
  // The resident, killed in the middle of the step (its client then runs the step itself).
  const stepResident = resident;
  const residentTimer =
    stepResident && random() < 0.08
      ? setTimeout(() => {
          stopping.add(stepResident);
          stepResident.kill('SIGKILL');
          counts.residentKills += 1;
        }, random() * 300)
      : null;
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('close', (c, s) => r({ code: c, signal: s })),
  );
  if (timer) clearTimeout(timer);
  if (residentTimer) clearTimeout(residentTimer);
  counts.ingests += 1;
  if (signal === 'SIGKILL') counts.ingestsKilled += 1;
  else if (code === 4 && wasPgAway(ingestStarted, Date.now())) counts.ingestsRefusedWhilePgAway += 1;
  else if (code === 5 && clientKilled) counts.ingestsLockedAfterKill += 1;
  else if (code !== 0) {
    counts.ingestsFailed += 1;
    problems.push(`ingest of step ${step} exited ${code}: ${ingestStderr.trim().split('\n')[0]}`);
  }
  clientKilled = signal === 'SIGKILL' && resident !== null;
  if (resident && stopping.has(resident)) {
    const killed = resident;
    await new Promise((r) =>
      killed.exitCode !== null || killed.signalCode !== null ? r(null) : killed.once('exit', r),
    );
    await startResident();
  }
  if (random() < 0.1 && daemon) {
    stopping.add(daemon);
    daemon.kill('SIGKILL');
    counts.daemonKills += 1;
    await sleep(random() * 2000);
    await postgresBack();
    startDaemon();
  }
  if (random() < 0.05 && serve) {
    const s = serve;
    downSince = Date.now();
    stopping.add(s);
    s.kill('SIGKILL');
    counts.serveKills += 1;
    await new Promise((r) => s.once('close', r));
    await postgresBack();
    await startServe();
  }
  await sleep(200 + random() * 800);
}

// ---- settle: PostgreSQL back, one last clean step, then wait for every event of the current line to arrive ----
await outages;
step += 1;
const lastFeed = steps.next();
let last = await run(['ingest', lastFeed, '--json', '--keep', '100000']);
// A resident may still be finishing the step of a client killed last: the lock is its, for a moment.
for (let i = 0; i < 50 && last.code === 5 && clientKilled; i++) {
  await sleep(200);
  last = await run(['ingest', lastFeed, '--json', '--keep', '100000']);
}
if (last.code !== 0) problems.push(`the final ingest exited ${last.code}: ${last.stderr}`);
stopClients = true;
await Promise.all(clients);

async function currentLineEvents(): Promise<{ seq: number; evento: string; corpo: string }[]> {
  const { events } = await readLineEvents(dataDir, 0);
  return events.filter((e) => (LIVE_STEP_EVENTS as readonly string[]).includes(e.evento));
}

const control = await openControl();
const soakAccount = await control.accounts.getAccount('soak');
const webhookIds = (soakAccount ? await control.webhooks.listWebhooks(soakAccount.id) : []).map((w) => w.id);
/** Each webhook's deliveries by event seq, read anew on each check. */
const deliveriesBySeq = async () =>
  new Map(
    (await Promise.all(webhookIds.map((w) => control.webhooks.filterDeliveries({ webhookId: w })))).map((list, i) => [
      webhookIds[i]!,
      new Map(list.map((d) => [d.eventoSeq, d])),
    ]),
  );
const settleUntil = Date.now() + 120_000;
let missing: string[] = [];
const lineEvents = await currentLineEvents();
while (Date.now() < settleUntil) {
  missing = [];
  const got = new Set(received.map((r) => `${r.receiver} ${r.entrega}`));
  const bySeq = await deliveriesBySeq();
  for (const e of lineEvents) {
    webhookIds.forEach((w, i) => {
      const d = bySeq.get(w)?.get(e.seq);
      if (!d || !got.has(`${i} ${d.id}`)) missing.push(`webhook ${w} seq ${e.seq}`);
    });
  }
  if (missing.length === 0) break;
  await sleep(500);
}
if (missing.length > 0)
  problems.push(`${missing.length} events of the current line never reached their receiver (first: ${missing[0]})`);

// No event under two delivery ids, and no change delivered twice under two events.
const byDelivery = new Map<string, string>();
const changes = new Map<string, string>();
for (const r of received) {
  const { evento, dados } = JSON.parse(r.body) as { evento: string; dados: unknown };
  const change = `${r.receiver} ${evento} ${JSON.stringify(dados)}`;
  const seen = changes.get(change);
  if (seen !== undefined && seen !== r.entrega)
    problems.push(`the same ${evento} reached receiver ${r.receiver} under two delivery ids (${seen}, ${r.entrega})`);
  changes.set(change, r.entrega);
  byDelivery.set(`${r.receiver} ${r.entrega}`, r.body);
}
const redeliveries = received.length - byDelivery.size;
const expectedDeliveries = lineEvents.length * webhookIds.length;
if (byDelivery.size > expectedDeliveries)
  problems.push(`${byDelivery.size - expectedDeliveries} deliveries of events off the current line`);

const quotaKeyRecord = await control.accounts.authenticate(quotaKey);
const usedQuota = quotaKeyRecord ? await control.usage.usedOn(quotaKeyRecord.key.id, utcDayOf(Date.now()).dia) : 0;
if (counts.quota200 > QUOTA)
  problems.push(`quota exceeded: ${counts.quota200} requests admitted on a quota of ${QUOTA}`);
if (usedQuota > QUOTA) problems.push(`quota exceeded in the control plane: ${usedQuota} > ${QUOTA}`);
if (counts.badSignatures > 0) problems.push(`${counts.badSignatures} deliveries with a bad signature`);
await control.close();

stopWatch = true;
await watcher;
counts.residentSteps = residentLog.split('\n').filter((l) => /: saída \d+ em /.test(l)).length;
for (const child of [daemon, serve, resident]) {
  if (!child) continue;
  stopping.add(child);
  child.kill('SIGTERM');
}
for (const s of receiversToClose) s.close();
await hanging.stop();

console.log(
  JSON.stringify(
    {
      seed: firstSeed,
      minutes: Number(args.minutes),
      ...counts,
      eventsOnCurrentLine: lineEvents.length,
      webhooks: webhookIds.length,
      redeliveriesSameId: redeliveries,
      quotaUsed: usedQuota,
      quota: QUOTA,
      pgAway: pgAway.map(([a, b]) => `${new Date(a).toISOString()}–${new Date(b).toISOString()}`),
    },
    null,
    2,
  ),
);
if (problems.length > 0) {
  // Alike problems once each (times and ids aside), with how many: one kind must not hide the others.
  const kinds = new Map<string, { first: string; n: number }>();
  for (const p of problems) {
    const kind = p.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T').replace(/\d+/g, 'N');
    const k = kinds.get(kind) ?? { first: p, n: 0 };
    k.n += 1;
    kinds.set(kind, k);
  }
  console.log(`soak: ${problems.length} invariant violations, ${kinds.size} kinds:`);
  for (const { first, n } of [...kinds.values()].slice(0, 30)) console.log(`  - ${n} × ${first}`);
  console.log(`data dir kept for inspection: ${root}`);
  if (database) console.log(`control plane kept for inspection: pg_ctl -D ${path.join(database.dir, 'pgdata')} start`);
  process.exit(1);
}
console.log('soak: every invariant held');
database?.stop();
rmSync(root, { recursive: true, force: true });
if (database) rmSync(database.dir, { recursive: true, force: true });
process.exit(0);
