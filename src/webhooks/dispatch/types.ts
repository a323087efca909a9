/**
 * The values handed from stage to stage of the dispatcher: claim → quota gate → send → record outcome
 * (docs/internals.md "Webhook dispatcher").
 */
import type { DeliveryJob, RecordedOutcome } from '../../control/webhooks/records.js';

/** A delivery claimed by this process: leased to it in the queue until its outcome is recorded. */
export interface PendingDispatch {
  readonly job: DeliveryJob;
}

/** A pending dispatch the gate let through, to be sent. */
export interface AdmittedDispatch extends PendingDispatch {
  /** The account whose monthly quota this send holds a slot of until its outcome is recorded (null: not metered). */
  readonly metered: number | null;
}

export type DispatchOutcome =
  | RecordedOutcome
  /** A bug on our side: nothing is recorded, the claim lapses and the delivery is sent again. */
  | { kind: 'erro'; motivo: string };

/** What became of a claimed delivery, for the record stage. */
export interface CompletedDispatch extends AdmittedDispatch {
  readonly outcome: DispatchOutcome;
}
