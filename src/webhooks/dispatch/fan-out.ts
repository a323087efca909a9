import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { OutboxEvent, Subscriber } from '../../control/webhooks/records.js';
import { readableChampionships, type PlansConfig } from '../../control/plans.js';
import type { DataDir } from '../../data-dir.js';
import { readLineEvents } from '../../warehouse/outbox-reader.js';

/** Whether an event is for a subscriber: newer than the webhook, subscribed to, and its plan covers the championship. */
export function covers(sub: Subscriber, event: OutboxEvent, plans: PlansConfig): boolean {
  if (event.seq <= sub.eventoSeqInicial || !sub.eventos.includes(event.evento) || sub.plano === null) return false;
  const readable = readableChampionships(plans[sub.plano], sub.campeonatos);
  return readable === null || readable.includes(event.campeonato_id);
}

/**
 * Turns the outbox events published since the queue's cursor into deliveries (one transaction per batch, then
 * the cursor moves); returns how many deliveries were created.
 */
export async function fanOut(queue: DeliveryQueue, dataDir: DataDir, plans: PlansConfig, now: number): Promise<number> {
  const cursor = await queue.cursor();
  if (cursor === null) return 0; // no webhook ever existed: nothing to deliver, nothing to keep
  const { events, upTo } = await readLineEvents(dataDir, cursor);
  if (upTo <= cursor) return 0;
  const subs = await queue.subscribers();
  return queue.fanOut(events, (e) => subs.filter((s) => covers(s, e, plans)), upTo, now);
}
