import type { ControlQuery, Engine } from './sql/control-sql.js';
import { greatest } from './sql/dialect.js';

const CURSOR = 'outbox';
/** Counter from which every outbox event takes its seq. */
export const EVENT_SEQ_COUNTER = 'evento_seq';

/** The last outbox seq the dispatcher consumed: events after it must be kept until it moves past them. */
export interface DispatcherCursor {
  /** The last seq consumed, or null when no webhook has ever existed (nothing to protect). */
  get(): Promise<number | null>;
  /** Called when a webhook is created: events published from now on must be kept until consumed. */
  ensure(): Promise<void>;
  /** Moves the cursor forward (never back). */
  advance(seq: number): Promise<void>;
}

/** The dispatcher cursor on `q` (pass a transaction to move it together with a fan-out). */
export function dispatcherCursorOn(q: ControlQuery, engine: Engine): DispatcherCursor {
  return {
    async get() {
      const row = await q.selectFrom('dispatcher_cursor').select('seq').where('nome', '=', CURSOR).executeTakeFirst();
      return row ? row.seq : null;
    },
    async ensure() {
      await q
        .insertInto('dispatcher_cursor')
        .values((eb) => ({
          nome: CURSOR,
          seq: eb.fn.coalesce(
            eb.selectFrom('contadores').select('valor').where('nome', '=', EVENT_SEQ_COUNTER),
            eb.val(0),
          ),
        }))
        .onConflict((c) => c.column('nome').doNothing())
        .execute();
    },
    async advance(seq) {
      await q
        .updateTable('dispatcher_cursor')
        .set((eb) => ({ seq: greatest(engine, eb.ref('seq'), eb.val(seq)) }))
        .where('nome', '=', CURSOR)
        .execute();
    },
  };
}
