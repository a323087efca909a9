import { watch, type FSWatcher } from 'node:fs';
import type { ControlPlane } from '../control/control-plane.js';
import type { DeliveryQueue } from '../control/webhooks/delivery-queue.js';
import { DEFAULT_PLANS, type PlansConfig } from '../control/plans.js';
import type { DataDir } from '../data-dir.js';
import { systemClock, type Clock } from '../clock.js';
import { createLogger, errorText, type Logger } from '../log.js';
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
  /** Deliveries and errors; JSON lines on stdout by default. */
  log?: Logger;
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
/** Deliveries claimed ahead per slot of concurrency (queued + sending; not those awaiting their recorded outcome). */
const CLAIM_AHEAD = 4;

/**
 * The webhook daemon: fans snapshot outbox events out into deliveries, then runs each due delivery through
 * the stages in dispatch/: claim → quota gate → send → record outcome. All state lives in the control plane,
 * so a restart resumes pending retries and a crash loses nothing.
 */
export async function startDispatcher(options: DispatcherOptions): Promise<Dispatcher> {
  const dispatcher = new WebhookDispatcher(options);
  await dispatcher.start();
  return dispatcher;
}

/**
 * The loop's state. Invariants:
 * - one round of each kind at a time (`ticking`: the poll round; `fanning`: fan-out; `refilling`: a claim round);
 *   a call while one is under way joins it, except a claim asked for during a claim round (`refillAgain`): it runs
 *   once that round ends.
 * - a claimed delivery is in exactly one place until its outcome is recorded: held by `claims` (waiting), in
 *   `sending` (at most `concurrency`), or in `recorder`; then `onFlushed` settles it in claims, gate and guard.
 * - `quietUntil` is when the next unclaimed delivery falls due, as the last claim round found it after draining
 *   the queue (−∞ from the start of a claim round until it drains the queue); `cancelTimer` is its wake-up.
 * - once `stopping`, nothing starts: no round, claim or send; `stop()` waits for what is under way.
 */
class WebhookDispatcher implements Dispatcher {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly plans: PlansConfig;
  private readonly log: Logger;
  private readonly concurrency: number;
  private readonly queue: DeliveryQueue;
  private readonly sender: Sender;
  private readonly claims: Claims;
  private readonly gate: QuotaGate;
  private readonly guard: DeactivationGuard;
  /** Deliveries the deactivation guard let through, until their outcome is recorded. */
  private readonly guarded = new Set<string>();
  private readonly recorder: OutcomeRecorder;
  private readonly sending = new Set<Promise<void>>();
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private fanning: Promise<void> | null = null;
  private refilling: Promise<void> | null = null;
  private refillAgain = false;
  private quietUntil = Number.NEGATIVE_INFINITY;
  private cancelTimer: (() => void) | null = null;
  /** When this worker last renewed its claims' leases. */
  private renewedAt: number;
  private watcher: FSWatcher | null = null;
  private poll: NodeJS.Timeout | null = null;

  constructor(private readonly options: DispatcherOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.plans = options.plans ?? DEFAULT_PLANS;
    this.log = options.log ?? createLogger();
    this.concurrency = options.concurrency ?? 16;
    this.queue = options.control.deliveryQueue(decideDeactivation);
    this.sender = new Sender({
      allowPrivate: options.allowPrivateUrls ?? false,
      allowLoopback: options.allowLoopbackUrls ?? false,
      connectTimeoutMs: options.connectTimeoutMs,
      totalTimeoutMs: options.totalTimeoutMs,
      maxSockets: this.concurrency,
    });
    this.gate = new QuotaGate(this.queue, this.clock);
    this.claims = new Claims(
      this.queue,
      CLAIM_AHEAD * this.concurrency,
      CLAIM_LEASE_MS,
      OWNER,
      fairShares(this.concurrency),
      (jobs) => this.gate.reserveAhead(jobs),
      // A slot's worth each: the queue still feeds every slot meanwhile.
      this.concurrency,
    );
    this.guard = new DeactivationGuard(this.queue);
    this.recorder = new OutcomeRecorder(this.queue, {
      clock: this.clock,
      mailer: options.mailer ?? null,
      log: this.log,
      onFlushed: (batch) => {
        for (const c of batch) this.claims.settle(c.job.id);
        this.gate.settle(batch.map((c) => c.metered));
        this.guard.settle(batch, (c) => this.guarded.delete(c.job.id));
        this.pump();
      },
    });
    this.renewedAt = this.clock.now();
  }

  async start(): Promise<void> {
    await this.releaseDeadClaims();
    try {
      // A new snapshot wakes the dispatcher at once; the poll below is the fallback (and catches new rows).
      this.watcher = watch(this.options.dataDir.root, (_event, name) => {
        if (name === 'CURRENT') void this.fanOutNow();
      });
    } catch {
      this.watcher = null;
    }
    this.poll = setInterval(() => void this.tick(), this.options.pollMs ?? 200);
    await this.tick();
  }

  poke(): void {
    void this.tick();
  }

  async idle(): Promise<void> {
    for (;;) {
      // A round already under way may have read the outbox or the queue before the caller's last change:
      // let it end, then run a fresh one and wait for what it started (a claim round at least).
      while (this.ticking || this.fanning) await (this.ticking ?? this.fanning);
      await this.tick();
      while (this.ticking || this.fanning || this.refilling) await (this.ticking ?? this.fanning ?? this.refilling);
      if (this.stopping || this.isIdle()) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.poll) clearInterval(this.poll);
    this.watcher?.close();
    this.cancelTimer?.();
    // A claim under way still lands its deliveries among those claimed ahead, given back below.
    await this.refilling;
    await Promise.allSettled([...this.sending]);
    await this.recorder.flush();
    try {
      // Deliveries claimed ahead but never started go back to the queue for the next run.
      await this.claims.releaseAll();
    } catch (err) {
      this.logError('devolver reservas', err);
    }
    await this.recorder.noticesSent();
    while (this.ticking || this.fanning) await (this.ticking ?? this.fanning);
    this.sender.close();
  }

  private logError(what: string, err: unknown): void {
    this.log.error({ event: 'webhooks_erro', err: errorText(err) }, `erro ao ${what}`);
  }

  /**
   * Claims of a worker that died on this host go back to the queue at once (at start and with each renewal);
   * another host's dead worker is only known by its lapsed lease.
   */
  private async releaseDeadClaims(): Promise<void> {
    try {
      const released = await this.queue.releaseClaims(ownerIsDead);
      if (released > 0)
        this.log.info(
          { event: 'reservas_liberadas', deliveries: released },
          `${released} entregas reservadas por um processo encerrado voltaram para a fila`,
        );
    } catch (err) {
      // Their leases lapse instead.
      this.logError('liberar reservas de processos encerrados', err);
    }
  }

  private fanOutNow(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.fanning ??= fanOut(this.queue, this.options.dataDir, this.plans, this.clock.now())
      .then(
        (created) => {
          if (created === 0) return;
          this.claims.recheck();
          this.pump();
        },
        (err: unknown) => this.logError('ler eventos', err),
      )
      .finally(() => {
        this.fanning = null;
      });
    return this.fanning;
  }

  private async dispatch(p: PendingDispatch): Promise<CompletedDispatch> {
    let metered: number | null = null;
    try {
      if (!(await this.guard.admit(p))) {
        return {
          job: p.job,
          metered: null,
          outcome: { kind: 'falhou', attempt: null, motivo: 'Webhook desativado', at: this.clock.now() },
        };
      }
      if (p.job.origem === 'automatica') this.guarded.add(p.job.id);
      const admitted = await this.gate.admit(p);
      if ('outcome' in admitted) return admitted;
      metered = admitted.metered;
      return await send(admitted, { sender: this.sender, clock: this.clock, random: this.random });
    } catch (err) {
      const motivo = err instanceof Error ? err.message : String(err);
      return { job: p.job, metered, outcome: { kind: 'erro', motivo } };
    }
  }

  private startReady(): void {
    while (!this.stopping && this.sending.size < this.concurrency) {
      const pending = this.claims.next();
      if (!pending) return;
      const running: Promise<void> = this.dispatch(pending)
        .then((completed) => {
          this.claims.sent(completed.job.id);
          this.gate.done(completed.job.id);
          this.guard.observe(completed);
          this.recorder.add(completed);
        })
        .finally(() => {
          this.sending.delete(running);
          // Its slot of the claims ahead is free: claim more once fewer than a slot each are queued (a chunk of
          // more than half the capacity, so a lone busy account is not skipped), unless the last claim round found
          // nothing more due (new work wakes the loop: fan-out, the poll, the next retry's timer). Outcomes' flushes
          // claim too, as they always did: an account whose deliveries wait for their shares is skipped there.
          if (this.claims.queued < this.concurrency && this.quietUntil <= this.clock.now()) this.pump();
          else this.startReady();
        });
      this.sending.add(running);
    }
  }

  private pump(): void {
    if (this.stopping) return;
    this.startReady();
    // Claim in chunks, only once the claimed-ahead queue runs low: one claim call per many deliveries.
    if (this.claims.waiting >= this.concurrency) return;
    if (this.refilling) {
      this.refillAgain = true;
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.refilling = this.refill().finally(() => {
      this.refilling = null;
      if (!this.refillAgain) return;
      this.refillAgain = false;
      this.pump();
    });
  }

  private async refill(): Promise<void> {
    const now = this.clock.now();
    this.quietUntil = Number.NEGATIVE_INFINITY;
    try {
      const drained = await this.claims.refill(now);
      this.startReady();
      if (!drained) return;
      // Nothing more is due now: sleep until the next retry (the poll also wakes us for new work).
      const next = await this.queue.nextDueAt();
      this.quietUntil = next ?? Number.POSITIVE_INFINITY;
      if (next !== null && next > now && !this.stopping)
        this.cancelTimer = this.clock.setTimer(() => this.pump(), next - now);
    } catch (err) {
      // Nothing claimed: the next poll tries again.
      this.logError('reservar entregas', err);
    }
  }

  /** Temporary deactivations that ended, new snapshots, and rows queued by other processes (tests, replays). */
  private tick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.ticking ??= (async () => {
      // Other processes queue deliveries too (tests, replays, their fan-out) and retries come due: looked for here.
      this.claims.recheck();
      try {
        await this.queue.reactivateDue(this.clock.now());
      } catch (err) {
        this.logError('reativar webhooks', err);
      }
      if (this.clock.now() - this.renewedAt >= CLAIM_LEASE_MS / 3) {
        this.renewedAt = this.clock.now();
        await this.claims.renew(this.renewedAt).catch((err: unknown) => this.logError('renovar reservas', err));
        await this.releaseDeadClaims();
      }
      await this.fanOutNow();
      this.pump();
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Called with no round under way (tick, fan-out, claim): the last claim round then saw the queue as it is. */
  private isIdle(): boolean {
    return (
      this.claims.holding === 0 &&
      this.sending.size === 0 &&
      this.recorder.pending === 0 &&
      this.quietUntil > this.clock.now()
    );
  }
}
