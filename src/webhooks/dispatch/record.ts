import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { AttemptResult, Deactivation } from '../../control/webhooks/records.js';
import type { Clock } from '../../clock.js';
import { errorText, type Logger } from '../../log.js';
import { noticePermanentDeactivation, type Mailer } from '../notifier.js';
import type { CompletedDispatch } from './types.js';

/**
 * Outcomes are recorded at most this often, in one transaction: a commit per delivery would spend more time in
 * the database than on the wire. Sending never waits for it (claims are made ahead).
 */
export const FLUSH_EVERY_MS = 10;

export interface RecorderOptions {
  clock: Clock;
  mailer: Mailer | null;
  log: Logger;
  /** After each flush, with the outcomes it handled (recorded or not: their claims are settled either way). */
  onFlushed: (batch: readonly CompletedDispatch[]) => void;
}

/**
 * The record stage: writes outcomes to the delivery queue in bursts, in arrival order (it decides
 * "consecutive" failures), logs each, and notices permanent deactivations. One write in flight at a time:
 * outcomes arriving meanwhile go in the next one, written as soon as it ends.
 */
export class OutcomeRecorder {
  private readonly waiting: CompletedDispatch[] = [];
  private readonly notices = new Set<Promise<void>>();
  private flushQueued = false;
  private writing: Promise<void> | null = null;
  /** Outcomes in the write under way. */
  private inWrite = 0;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly o: RecorderOptions,
  ) {}

  add(completed: CompletedDispatch): void {
    this.waiting.push(completed);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Outcomes not written yet (waiting or being written) plus notices being sent. */
  get pending(): number {
    return this.waiting.length + this.inWrite + this.notices.size;
  }

  /** Writes every outcome added so far; resolves once they are written (or failed to be) and settled. */
  flush(): Promise<void> {
    this.flushQueued = false;
    this.writing ??= this.writeAll().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /** Resolves once every notice under way has been sent or has failed. */
  async noticesSent(): Promise<void> {
    await Promise.allSettled([...this.notices]);
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      this.inWrite = batch.length;
      const deactivations = await this.write(batch);
      this.inWrite = 0;
      this.o.onFlushed(batch);
      for (const d of deactivations) this.deactivated(d);
    }
  }

  private async write(batch: readonly CompletedDispatch[]): Promise<Deactivation[]> {
    try {
      const deactivations = await this.queue.recordOutcomes(
        batch.flatMap((c) => (c.outcome.kind === 'erro' ? [] : [{ job: c.job, outcome: c.outcome }])),
      );
      for (const c of batch) {
        const level = LEVELS[c.outcome.kind];
        // A record per delivery: not even built when its level is off (a busy daemon logging warnings only).
        if (!this.o.log.isLevelEnabled(level)) continue;
        this.o.log[level](
          {
            event: 'entrega',
            delivery: c.job.id,
            type: c.job.evento,
            webhook: c.job.webhookId,
            outcome: c.outcome.kind,
          },
          describe(c),
        );
      }
      return deactivations;
    } catch (err) {
      // Nothing recorded: the claims lapse and the deliveries are sent again (at-least-once).
      this.o.log.error(
        { event: 'webhooks_erro', deliveries: batch.length, err: errorText(err) },
        `erro ao registrar ${batch.length} resultado(s)`,
      );
      return [];
    }
  }

  private deactivated(d: Deactivation): void {
    this.o.log.warn(
      { event: 'webhook_desativado', webhook: d.webhook.id, kind: d.tipo },
      `webhook ${d.webhook.id} desativado (${d.tipo}): ${d.motivo}`,
    );
    if (d.tipo !== 'permanente') return;
    const sent = noticePermanentDeactivation(this.queue, this.o.mailer, d, this.o.clock.now(), this.o.log).finally(() =>
      this.notices.delete(sent),
    );
    this.notices.add(sent);
  }
}

/** A delivered outcome is routine; one that will be retried or was given up is worth a look; an internal error is a bug. */
const LEVELS = { entregue: 'info', retentar: 'warn', falhou: 'warn', descartada: 'warn', erro: 'error' } as const;

/** The log message of an outcome. */
export function describe({ outcome }: CompletedDispatch): string {
  switch (outcome.kind) {
    case 'entregue':
      return `entregue (${attemptText(outcome.attempt)})`;
    case 'retentar':
      return `nova tentativa em ${new Date(outcome.dueAt).toISOString()} (${attemptText(outcome.attempt)})`;
    case 'falhou':
      return `falhou: ${outcome.motivo}${outcome.attempt ? ` (${attemptText(outcome.attempt)})` : ''}`;
    case 'descartada':
      return `descartada: ${outcome.motivo}`;
    case 'erro':
      return `erro interno (${outcome.motivo}); reenviada quando a reserva expirar`;
  }
}

function attemptText(a: AttemptResult): string {
  return `tentativa ${a.numero}, ${a.statusCode !== null ? `HTTP ${a.statusCode}` : a.erro} em ${a.duracaoMs} ms`;
}
