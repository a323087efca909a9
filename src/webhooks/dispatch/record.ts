import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { AttemptResult, Deactivation } from '../../control/webhooks/records.js';
import type { Clock } from '../clock.js';
import { noticePermanentDeactivation, type Mailer } from '../notifier.js';
import type { CompletedDispatch } from './types.js';

/**
 * Outcomes are recorded at most this often, in one transaction: a commit per delivery would spend more time in
 * SQLite than on the wire. Sending never waits for it (claims are made ahead).
 */
export const FLUSH_EVERY_MS = 10;

export interface RecorderOptions {
  clock: Clock;
  mailer: Mailer | null;
  log: (line: string) => void;
  /** After each flush, with the outcomes it handled (recorded or not: their claims are settled either way). */
  onFlushed: (batch: readonly CompletedDispatch[]) => void;
}

/**
 * The record stage: writes outcomes to the delivery queue in batches, in arrival order (it decides
 * "consecutive" failures), logs each, and notices permanent deactivations.
 */
export class OutcomeRecorder {
  private readonly waiting: CompletedDispatch[] = [];
  private readonly notices = new Set<Promise<void>>();
  private flushQueued = false;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly o: RecorderOptions,
  ) {}

  add(completed: CompletedDispatch): void {
    this.waiting.push(completed);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** Outcomes not written yet plus notices being sent. */
  get pending(): number {
    return this.waiting.length + this.notices.size;
  }

  flush(): void {
    this.flushQueued = false;
    const batch = this.waiting.splice(0);
    if (batch.length === 0) return;
    let deactivations: Deactivation[] = [];
    try {
      deactivations = this.queue.recordOutcomes(
        batch.flatMap((c) => (c.outcome.kind === 'erro' ? [] : [{ job: c.job, outcome: c.outcome }])),
      );
      for (const c of batch)
        this.o.log(`webhooks: entrega ${c.job.id} (${c.job.evento}, webhook ${c.job.webhookId}): ${describe(c)}`);
    } catch (err) {
      // Nothing recorded: the claims lapse and the deliveries are sent again (at-least-once).
      this.o.log(
        `webhooks: erro ao registrar ${batch.length} resultado(s): ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    this.o.onFlushed(batch);
    for (const d of deactivations) this.deactivated(d);
  }

  /** Resolves once every notice under way has been sent or has failed. */
  async noticesSent(): Promise<void> {
    await Promise.allSettled([...this.notices]);
  }

  private deactivated(d: Deactivation): void {
    this.o.log(`webhooks: webhook ${d.webhook.id} desativado (${d.tipo}): ${d.motivo}`);
    if (d.tipo !== 'permanente') return;
    const sent = noticePermanentDeactivation(this.queue, this.o.mailer, d, this.o.clock.now(), this.o.log).finally(() =>
      this.notices.delete(sent),
    );
    this.notices.add(sent);
  }
}

/** The log line of an outcome. */
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
