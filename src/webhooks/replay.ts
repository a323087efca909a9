import type { Async } from '../control/async-store.js';
import type { DeliveryRecord } from '../control/webhooks/records.js';
import type { WebhookRegistry } from '../control/webhooks/registry.js';
import type { Sender } from './sender.js';
import { deliveryHeaders } from './signing.js';

export interface ReplayResult {
  entrega: string;
  evento: string;
  destino: string;
  tentativa: number;
  status_code: number | null;
  erro: string | null;
  ok: boolean;
}

/**
 * Re-sends recorded deliveries: same `X-SVC-Entrega` and bytes, fresh timestamp, signed with the webhook's
 * current secret, to its URL or to `to`. Each send is recorded as an attempt with origin `replay`.
 * Sequential on purpose: a developer replaying into a local receiver reads them in order.
 */
export async function replayDeliveries(
  store: Async<WebhookRegistry>,
  sender: Sender,
  deliveries: readonly DeliveryRecord[],
  opts: { to?: string; now: () => number },
): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const d of deliveries) {
    const webhook = await store.getWebhookById(d.webhookId);
    if (!webhook) continue; // deleted meanwhile: its deliveries went with it
    const destino = opts.to ?? webhook.url;
    const tentativa = (await store.attemptsCount(d.id)) + 1;
    const started = opts.now();
    const headers = deliveryHeaders({
      evento: d.evento,
      entregaId: d.id,
      tentativa,
      secret: webhook.secret,
      body: d.corpo,
      nowMs: started,
    });
    const r = await sender.send(destino, d.corpo, headers);
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const erro = ok ? null : (r.erro ?? `HTTP ${r.statusCode}`);
    await store.recordReplay(
      d,
      {
        numero: tentativa,
        origem: 'replay',
        destino,
        iniciadaEm: started,
        statusCode: r.statusCode,
        erro,
        duracaoMs: r.duracaoMs,
      },
      opts.to === undefined,
      opts.now(),
    );
    results.push({ entrega: d.id, evento: d.evento, destino, tentativa, status_code: r.statusCode, erro, ok });
  }
  return results;
}
