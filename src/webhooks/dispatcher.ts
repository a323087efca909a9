import { watch, type FSWatcher } from 'node:fs';
import os from 'node:os';
import { openControlDb } from '../control/database.js';
import { DEFAULT_PLANS, readableChampionships, type PlansConfig } from '../control/plans.js';
import {
  openWebhooksStore,
  type Deactivation,
  type Delivered,
  type DeliveryJob,
  type OutboxEvent,
  type Subscriber,
} from '../control/webhooks-store.js';
import type { Plano } from '../api/auth-context.js';
import type { DataDir } from '../data-dir.js';
import { PAYLOAD_CAP_BYTES, QUOTA_DISCARD_REASON } from './catalog.js';
import { systemClock, type Clock } from './clock.js';
import { mailerFromEnv, noticePermanentDeactivation, type Mailer } from './notifier.js';
import { readNewEvents } from './outbox-reader.js';
import { decide } from './retry-policy.js';
import { Sender } from './sender.js';
import { deliveryHeaders } from './signing.js';

export interface DispatcherOptions {
  dataDir: DataDir;
  allowPrivateUrls?: boolean;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How often new snapshots and newly queued deliveries (tests, other processes) are looked for. */
  pollMs?: number;
  clock?: Clock;
  random?: () => number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Default: from SVC_SMTP_URL; null = record and log notices only. */
  mailer?: Mailer | null;
  plans?: PlansConfig;
  log?: (line: string) => void;
}

export interface Dispatcher {
  /** Looks for new events and due deliveries now, instead of at the next poll. */
  poke(): void;
  /** Stops claiming, waits for the deliveries in flight to be recorded, closes everything. */
  stop(): Promise<void>;
}

/** A claim outlives any attempt (10 s total timeout), so only a dead worker's claim ever expires. */
const CLAIM_LEASE_MS = 60_000;
/**
 * Outcomes are recorded at most this often, in one transaction: a commit per delivery would spend more time in
 * SQLite than on the wire. Sending never waits for it (claims are made ahead).
 */
const FLUSH_EVERY_MS = 10;
/** Deliveries claimed per slot of concurrency (sending + queued + awaiting their recorded outcome). */
const CLAIM_AHEAD = 4;

/** Whether an event is for a subscriber: newer than the webhook, subscribed to, and its plan covers the championship. */
export function covers(sub: Subscriber, event: OutboxEvent, plans: PlansConfig): boolean {
  if (event.seq <= sub.eventoSeqInicial || !sub.eventos.includes(event.evento) || sub.plano === null) return false;
  const readable = readableChampionships(plans[sub.plano], sub.campeonatos);
  return readable === null || readable.includes(event.campeonato_id);
}

function ownerIsDead(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== os.hostname() || pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The webhook daemon: fans snapshot outbox events out into deliveries (one transaction per batch, then
 * the cursor moves) and sends due deliveries with bounded concurrency. All state lives in the control
 * plane, so a restart resumes pending retries and a crash loses nothing.
 */
export async function startDispatcher(options: DispatcherOptions): Promise<Dispatcher> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const plans = options.plans ?? DEFAULT_PLANS;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const mailer = options.mailer === undefined ? mailerFromEnv() : options.mailer;
  const concurrency = options.concurrency ?? 16;
  const db = openControlDb(options.dataDir.controlDb);
  const store = openWebhooksStore(db);
  const sender = new Sender({
    allowPrivate: options.allowPrivateUrls ?? false,
    connectTimeoutMs: options.connectTimeoutMs,
    totalTimeoutMs: options.totalTimeoutMs,
    maxSockets: concurrency,
  });
  const owner = `${os.hostname()}:${process.pid}`;
  /** Claimed and not yet recorded: queued, being sent, or waiting for the next flush. */
  const claimed = new Set<string>();
  /** Claimed ahead, so a slot freed by a response is refilled at once rather than after a database round. */
  const ready: DeliveryJob[] = [];
  const sending = new Set<Promise<void>>();
  let stopping = false;
  let fanningOut = false;
  let cancelTimer: (() => void) | null = null;

  const released = store.releaseClaims(ownerIsDead);
  if (released > 0) log(`webhooks: ${released} entregas reservadas por um processo encerrado voltaram para a fila`);

  async function fanOut(): Promise<void> {
    if (fanningOut || stopping) return;
    fanningOut = true;
    try {
      const cursor = store.cursor();
      if (cursor === null) return; // no webhook ever existed: nothing to deliver, nothing to keep
      const { events, upTo } = await readNewEvents(options.dataDir, cursor);
      if (upTo <= cursor) return;
      const subs = store.subscribers();
      const created = store.fanOut(events, (e) => subs.filter((s) => covers(s, e, plans)), upTo, clock.now());
      if (created > 0) pump();
    } catch (err) {
      log(`webhooks: erro ao ler eventos: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      fanningOut = false;
    }
  }

  /** Outcomes waiting to be written (see FLUSH_EVERY_MS). */
  const outcomes: { jobId: string; write: (() => Deactivation | null) | Delivered; metered?: number; line: string }[] = [];
  /**
   * Per account: automatic deliveries sent and not yet recorded. Near the monthly limit a delivery waits for
   * them to settle, so the quota is never overshot (a failed one leaves room for the next).
   */
  const metered = new Map<number, number>();
  const meterWaiters = new Map<number, (() => void)[]>();
  const notices = new Set<Promise<void>>();
  let flushQueued = false;

  /** Queues an outcome's write; `line` is logged once it is recorded. */
  /**
   * Limit and recorded usage per account, read once per batch of outcomes: usage only changes when this
   * process records a success (in flush, which clears the cache), so it is exact, and the hot path skips two
   * queries per delivery.
   */
  const quotas = new Map<number, { limit: number | null; used: number }>();
  function quotaOf(contaId: number, plano: Plano): { limit: number | null; used: number } {
    let q = quotas.get(contaId);
    if (!q) {
      const limit = store.accountLimits(contaId, plano).entregasMes;
      q = { limit, used: limit === null ? 0 : store.monthlyUsage(contaId, clock.now()) };
      quotas.set(contaId, q);
    }
    return q;
  }

  /** `write` is a 2xx to record (successes are written together) or any other store write. */
  function complete(job: DeliveryJob, line: string, write: (() => Deactivation | null) | Delivered, meteredAccount?: number): void {
    outcomes.push({ jobId: job.id, write, metered: meteredAccount, line: `entrega ${job.id} (${job.evento}, webhook ${job.webhookId}): ${line}` });
    if (!flushQueued) {
      flushQueued = true;
      setTimeout(flush, FLUSH_EVERY_MS);
    }
  }

  function flush(): void {
    flushQueued = false;
    const batch = outcomes.splice(0);
    if (batch.length === 0) return;
    quotas.clear();
    const deactivations: Deactivation[] = [];
    let recorded = false;
    try {
      recorded = store.batch(() => {
        // Runs of successes are written together; order with failures is kept (it decides "consecutive").
        const delivered: Delivered[] = [];
        for (const o of batch) {
          if (typeof o.write !== 'function') {
            delivered.push(o.write);
            continue;
          }
          if (delivered.length) store.markDelivered(delivered.splice(0));
          const d = o.write();
          if (d) deactivations.push(d);
        }
        if (delivered.length) store.markDelivered(delivered);
        return true;
      });
    } catch (err) {
      // Nothing recorded: the claims lapse and the deliveries are sent again (at-least-once).
      log(`webhooks: erro ao registrar ${batch.length} resultado(s): ${err instanceof Error ? err.message : String(err)}`);
    }
    for (const o of batch) {
      claimed.delete(o.jobId);
      if (recorded) log(`webhooks: ${o.line}`);
      if (o.metered === undefined) continue;
      metered.set(o.metered, (metered.get(o.metered) ?? 1) - 1);
      for (const wake of meterWaiters.get(o.metered)?.splice(0) ?? []) wake();
    }
    for (const d of deactivations) {
      log(`webhooks: webhook ${d.webhook.id} desativado (${d.tipo}): ${d.motivo}`);
      if (d.tipo !== 'permanente') continue;
      const sent = noticePermanentDeactivation(store, mailer, d, clock.now(), log).finally(() => notices.delete(sent));
      notices.add(sent);
    }
    pump();
  }

  function startReady(): void {
    while (!stopping && sending.size < concurrency) {
      const job = ready.shift();
      if (!job) return;
      const running: Promise<void> = deliver(job)
        .catch((err: unknown) => {
          log(`webhooks: erro na entrega ${job.id}: ${err instanceof Error ? err.message : String(err)}`);
          complete(job, 'erro interno; reenviada quando a reserva expirar', () => null);
        })
        .finally(() => {
          sending.delete(running);
          startReady();
        });
      sending.add(running);
    }
  }

  function pump(): void {
    if (stopping) return;
    cancelTimer?.();
    cancelTimer = null;
    // Claim in chunks, only once the queue runs low: one claim transaction per many deliveries.
    if (ready.length >= concurrency) {
      startReady();
      return;
    }
    const now = clock.now();
    const room = CLAIM_AHEAD * concurrency - claimed.size;
    const jobs = room > 0 ? store.claimDue(now, room, [...claimed], owner, CLAIM_LEASE_MS) : [];
    for (const job of jobs) {
      claimed.add(job.id);
      ready.push(job);
    }
    startReady();
    if (jobs.length < room) {
      // Nothing more is due now: sleep until the next retry (the poll also wakes us for new work).
      const next = store.nextDueAt();
      if (next !== null && next > now) cancelTimer = clock.setTimer(pump, next - now);
    }
  }

  async function deliver(job: DeliveryJob): Promise<void> {
    const now = clock.now();
    if (job.origem === 'automatica' && !job.webhookAtivo) {
      complete(job, 'falhou: webhook desativado', () => store.markFailed(job, null, 'Webhook desativado', now));
      return;
    }
    if (Buffer.byteLength(job.corpo) > PAYLOAD_CAP_BYTES) {
      const reason = `Corpo maior que o limite de ${PAYLOAD_CAP_BYTES / 1024} KiB`;
      complete(job, `descartada: ${reason}`, () => (store.markDiscarded(job, reason), null));
      return;
    }
    const meteredAccount = job.origem === 'automatica' && job.plano !== null ? job.contaId : undefined;
    if (meteredAccount !== undefined && job.plano !== null) {
      const plano = job.plano;
      for (;;) {
        const pending = metered.get(meteredAccount) ?? 0;
        const quota = quotaOf(meteredAccount, plano);
        if (quota.limit === null || quota.used + pending < quota.limit) break;
        if (pending === 0) {
          complete(job, `descartada: ${QUOTA_DISCARD_REASON}`, () => (store.markDiscarded(job, QUOTA_DISCARD_REASON), null));
          return;
        }
        await new Promise<void>((wake) => meterWaiters.set(meteredAccount, [...(meterWaiters.get(meteredAccount) ?? []), wake]));
      }
      metered.set(meteredAccount, (metered.get(meteredAccount) ?? 0) + 1);
    }
    const numero = job.tentativas + 1;
    const sentAt = clock.now();
    const headers = deliveryHeaders({ evento: job.evento, entregaId: job.id, tentativa: numero, secret: job.secret, body: job.corpo, nowMs: sentAt });
    const result = await sender.send(job.url, job.corpo, headers);
    const ended = clock.now();
    const attempt = { numero, origem: job.origem, destino: job.url, iniciadaEm: sentAt, ...result };
    const outcome = decide({ numero, ...result, nowMs: ended, random });
    const got = `tentativa ${numero}, ${result.statusCode !== null ? `HTTP ${result.statusCode}` : result.erro} em ${result.duracaoMs} ms`;
    if (outcome.kind === 'entregue') {
      complete(job, `entregue (${got})`, { job, attempt, at: ended }, meteredAccount);
    } else if (outcome.kind === 'retentar') {
      const due = ended + outcome.delayMs;
      complete(job, `nova tentativa em ${new Date(due).toISOString()} (${got})`, () => (store.scheduleRetry(job, attempt, due), null), meteredAccount);
    } else {
      complete(job, `falhou: ${outcome.motivo} (${got})`, () => store.markFailed(job, attempt, outcome.motivo, ended), meteredAccount);
    }
  }

  let watcher: FSWatcher | null = null;
  try {
    // A new snapshot wakes the dispatcher at once; the poll below is the fallback (and catches new rows).
    watcher = watch(options.dataDir.root, (_event, name) => {
      if (name === 'CURRENT') void fanOut();
    });
  } catch {
    watcher = null;
  }
  /** Temporary deactivations that ended, new snapshots, and rows queued by other processes (tests, replays). */
  function tick(): void {
    if (stopping) return;
    store.reactivateDue(clock.now());
    void fanOut();
    pump();
  }
  const poll = setInterval(tick, options.pollMs ?? 200);
  await fanOut();
  tick();

  return {
    poke: tick,
    async stop() {
      stopping = true;
      clearInterval(poll);
      watcher?.close();
      cancelTimer?.();
      await Promise.allSettled([...sending]);
      flush();
      // Deliveries claimed ahead but never started go back to the queue for the next run.
      store.releaseClaims((o) => o === owner);
      await Promise.allSettled([...notices]);
      while (fanningOut) await new Promise((r) => setTimeout(r, 10));
      sender.close();
      db.close();
    },
  };
}
