import { watch, type FSWatcher } from 'node:fs';
import type { ControlPlane } from '../control/control-plane.js';
import { DEFAULT_PLANS, type PlansConfig } from '../control/plans.js';
import type { DataDir } from '../data-dir.js';
import { systemClock, type Clock } from '../clock.js';
import { decideDeactivation } from './deactivation-policy.js';
import { Claims, fairShares, OWNER, ownerIsDead } from './dispatch/claim.js';
import { fanOut } from './dispatch/fan-out.js';
import { QuotaGate } from './dispatch/quota-gate.js';
import { DeactivationGuard } from './dispatch/deactivation-guard.js';
import { OutcomeRecorder } from './dispatch/record.js';
import { send } from './dispatch/send.js';
import type { CompletedDispatch, PendingDispatch } from './dispatch/types.js';
import type { Mailer } from './notifier.js';
import { Sender } from './sender.js';

export interface DispatcherOptions {
  dataDir: DataDir;
  /** Where deliveries are queued and recorded; its owner opens it and closes it after stop(). */
  control: ControlPlane;
  allowPrivateUrls?: boolean;
  /** Plain HTTP to this machine only (the demo's sandbox). */
  allowLoopbackUrls?: boolean;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How often new snapshots and newly queued deliveries (tests, other processes) are looked for. */
  pollMs?: number;
  clock?: Clock;
  random?: () => number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Sends permanent-deactivation notices; default null = record and log them only. */
  mailer?: Mailer | null;
  plans?: PlansConfig;
  log?: (line: string) => void;
}

export interface Dispatcher {
  /** Looks for new events and due deliveries now, instead of at the next poll. */
  poke(): void;
  /**
   * Resolves once the dispatcher is idle: every event published before the call fanned out, nothing due by
   * its clock, nothing claimed, in flight or unrecorded. Tests wait for it before asserting that nothing was sent.
   */
  idle(): Promise<void>;
  /**
   * Stops claiming, waits for the deliveries in flight to be recorded, gives back the ones claimed ahead, and
   * closes its own resources (not the control plane: its owner does).
   */
  stop(): Promise<void>;
}

/**
 * A claim's lease: a live worker renews its claims every third of it, so only a dead worker's claims lapse, and
 * another worker sends them within this long of the death (same delivery ids).
 */
const CLAIM_LEASE_MS = 30_000;
/** Deliveries claimed per slot of concurrency (sending + queued + awaiting their recorded outcome). */
const CLAIM_AHEAD = 4;

/**
 * The webhook daemon: fans snapshot outbox events out into deliveries, then runs each due delivery through
 * the stages in dispatch/: claim → quota gate → send → record outcome. All state lives in the control plane,
 * so a restart resumes pending retries and a crash loses nothing.
 */
export async function startDispatcher(options: DispatcherOptions): Promise<Dispatcher> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const plans = options.plans ?? DEFAULT_PLANS;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const logError = (what: string, err: unknown) =>
    log(`webhooks: erro ao ${what}: ${err instanceof Error ? err.message : String(err)}`);
  const concurrency = options.concurrency ?? 16;
  const queue = options.control.deliveryQueue(decideDeactivation);
  const sender = new Sender({
    allowPrivate: options.allowPrivateUrls ?? false,
    allowLoopback: options.allowLoopbackUrls ?? false,
    connectTimeoutMs: options.connectTimeoutMs,
    totalTimeoutMs: options.totalTimeoutMs,
    maxSockets: concurrency,
  });
  const claims = new Claims(queue, CLAIM_AHEAD * concurrency, CLAIM_LEASE_MS, OWNER, fairShares(concurrency));
  const gate = new QuotaGate(queue, clock);
  const guard = new DeactivationGuard(queue);
  /** Deliveries the deactivation guard let through, until their outcome is recorded. */
  const guarded = new Set<string>();
  const recorder = new OutcomeRecorder(queue, {
    clock,
    mailer: options.mailer ?? null,
    log,
    onFlushed(batch) {
      for (const c of batch) claims.settle(c.job.id);
      gate.settle(batch.map((c) => c.metered));
      guard.settle(batch, (c) => guarded.delete(c.job.id));
      pump();
    },
  });
  const sending = new Set<Promise<void>>();
  let stopping = false;
  // Each of these runs one at a time: a call while one is under way joins it (or asks for another after it).
  let ticking: Promise<void> | null = null;
  let fanning: Promise<void> | null = null;
  let refilling: Promise<void> | null = null;
  let refillAgain = false;
  /** When the next unclaimed delivery falls due, as the last claim round that drained the queue found it. */
  let quietUntil = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | null = null;
  let renewedAt = clock.now();

  /**
   * Claims of a worker that died on this host go back to the queue at once (at start and with each renewal);
   * another host's dead worker is only known by its lapsed lease.
   */
  async function releaseDeadClaims(): Promise<void> {
    try {
      const released = await queue.releaseClaims(ownerIsDead);
      if (released > 0) log(`webhooks: ${released} entregas reservadas por um processo encerrado voltaram para a fila`);
    } catch (err) {
      // Their leases lapse instead.
      logError('liberar reservas de processos encerrados', err);
    }
  }
  await releaseDeadClaims();

  function fanOutNow(): Promise<void> {
    if (stopping) return Promise.resolve();
    fanning ??= fanOut(queue, options.dataDir, plans, clock.now())
      .then(
        (created) => void (created > 0 && pump()),
        (err: unknown) => logError('ler eventos', err),
      )
      .finally(() => {
        fanning = null;
      });
    return fanning;
  }

  async function dispatch(p: PendingDispatch): Promise<CompletedDispatch> {
    let metered: number | null = null;
    try {
      if (!(await guard.admit(p))) {
        return {
          job: p.job,
          metered: null,
          outcome: { kind: 'falhou', attempt: null, motivo: 'Webhook desativado', at: clock.now() },
        };
      }
      if (p.job.origem === 'automatica') guarded.add(p.job.id);
      const admitted = await gate.admit(p);
      if ('outcome' in admitted) return admitted;
      metered = admitted.metered;
      return await send(admitted, { sender, clock, random });
    } catch (err) {
      const motivo = err instanceof Error ? err.message : String(err);
      return { job: p.job, metered, outcome: { kind: 'erro', motivo } };
    }
  }

  function startReady(): void {
    while (!stopping && sending.size < concurrency) {
      const pending = claims.next();
      if (!pending) return;
      const running: Promise<void> = dispatch(pending)
        .then((completed) => {
          guard.observe(completed);
          recorder.add(completed);
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
    startReady();
    // Claim in chunks, only once the claimed-ahead queue runs low: one claim call per many deliveries.
    if (claims.waiting >= concurrency) return;
    if (refilling) {
      refillAgain = true;
      return;
    }
    cancelTimer?.();
    cancelTimer = null;
    refilling = refill().finally(() => {
      refilling = null;
      if (!refillAgain) return;
      refillAgain = false;
      pump();
    });
  }

  async function refill(): Promise<void> {
    const now = clock.now();
    quietUntil = Number.NEGATIVE_INFINITY;
    try {
      const drained = await claims.refill(now);
      startReady();
      if (!drained) return;
      // Nothing more is due now: sleep until the next retry (the poll also wakes us for new work).
      const next = await queue.nextDueAt();
      quietUntil = next ?? Number.POSITIVE_INFINITY;
      if (next !== null && next > now && !stopping) cancelTimer = clock.setTimer(pump, next - now);
    } catch (err) {
      // Nothing claimed: the next poll tries again.
      logError('reservar entregas', err);
    }
  }

  /** Temporary deactivations that ended, new snapshots, and rows queued by other processes (tests, replays). */
  function tick(): Promise<void> {
    if (stopping) return Promise.resolve();
    ticking ??= (async () => {
      try {
        await queue.reactivateDue(clock.now());
      } catch (err) {
        logError('reativar webhooks', err);
      }
      if (clock.now() - renewedAt >= CLAIM_LEASE_MS / 3) {
        renewedAt = clock.now();
        await claims.renew(renewedAt).catch((err: unknown) => logError('renovar reservas', err));
        await releaseDeadClaims();
      }
      await fanOutNow();
      pump();
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  /** Called with no round under way (tick, fan-out, claim): the last claim round then saw the queue as it is. */
  function isIdle(): boolean {
    return claims.holding === 0 && sending.size === 0 && recorder.pending === 0 && quietUntil > clock.now();
  }

  let watcher: FSWatcher | null = null;
  try {
    // A new snapshot wakes the dispatcher at once; the poll below is the fallback (and catches new rows).
    watcher = watch(options.dataDir.root, (_event, name) => {
      if (name === 'CURRENT') void fanOutNow();
    });
  } catch {
    watcher = null;
  }
  const poll = setInterval(() => void tick(), options.pollMs ?? 200);
  await tick();

  return {
    poke: () => void tick(),
    async idle() {
      for (;;) {
        // A round already under way may have read the outbox or the queue before the caller's last change:
        // let it end, then run a fresh one and wait for what it started (a claim round at least).
        while (ticking || fanning) await (ticking ?? fanning);
        await tick();
        while (ticking || fanning || refilling) await (ticking ?? fanning ?? refilling);
        if (stopping || isIdle()) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      watcher?.close();
      cancelTimer?.();
      // A claim under way still lands its deliveries among those claimed ahead, given back below.
      await refilling;
      await Promise.allSettled([...sending]);
      await recorder.flush();
      try {
        // Deliveries claimed ahead but never started go back to the queue for the next run.
        await claims.releaseAll();
      } catch (err) {
        logError('devolver reservas', err);
      }
      await recorder.noticesSent();
      while (ticking || fanning) await (ticking ?? fanning);
      sender.close();
    },
  };
}
