import {
  previousSecretAt,
  type AttemptResult,
  type DeliveryRecord,
  type WebhookRecord,
} from '../control/webhooks/records.js';
import type { WebhookRegistry } from '../control/webhooks/registry.js';
import type { DeliveryOrigin } from '../domain/webhooks.js';
import type { Sender } from './sender.js';
import { deliveryHeaders } from './signing.js';

export interface ReplayResult {
  entrega: string;
  webhook_id: number;
  evento: string;
  destino: string;
  tentativa: number;
  status_code: number | null;
  erro: string | null;
  ok: boolean;
  /** Refused by the URL guard: nothing was sent. */
  bloqueada: boolean;
}

interface SignedSend {
  id: string;
  evento: string;
  corpo: string;
  tentativa: number;
  origem: DeliveryOrigin;
  secret: string;
  /** During a rotation's overlap: it signs too, as on the daemon's sends. */
  previousSecret: string | null;
  destino: string;
}

/** One attempt made by this process (not the daemon): signed now with the given secret, sent, timed. */
async function sendSigned(
  sender: Sender,
  s: SignedSend,
  now: () => number,
): Promise<{ attempt: AttemptResult; bloqueada: boolean }> {
  const started = now();
  const headers = deliveryHeaders({
    evento: s.evento,
    entregaId: s.id,
    tentativa: s.tentativa,
    secret: s.secret,
    previousSecret: s.previousSecret,
    body: s.corpo,
    nowMs: started,
  });
  const r = await sender.send(s.destino, s.corpo, headers);
  const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
  const attempt: AttemptResult = {
    numero: s.tentativa,
    origem: s.origem,
    destino: s.destino,
    iniciadaEm: started,
    statusCode: r.statusCode,
    erro: ok ? null : (r.erro ?? `HTTP ${r.statusCode}`),
    duracaoMs: r.duracaoMs,
    resposta: r.resposta,
    cabecalhos: r.cabecalhos,
  };
  return { attempt, bloqueada: r.bloqueada };
}

/** A delivery not sent: nothing recorded, no attempt number used. */
function skipped(d: DeliveryRecord, destino: string, erro: string): ReplayResult {
  return {
    entrega: d.id,
    webhook_id: d.webhookId,
    evento: d.evento,
    destino,
    tentativa: d.tentativas,
    status_code: null,
    erro,
    ok: false,
    bloqueada: false,
  };
}

function resultOf(
  s: SignedSend,
  webhookId: number,
  { attempt: a, bloqueada }: { attempt: AttemptResult; bloqueada: boolean },
): ReplayResult {
  return {
    entrega: s.id,
    webhook_id: webhookId,
    evento: s.evento,
    destino: s.destino,
    tentativa: s.tentativa,
    status_code: a.statusCode,
    erro: a.erro,
    ok: a.erro === null,
    bloqueada,
  };
}

/**
 * Re-sends recorded deliveries: same `X-SVC-Entrega` and bytes, fresh timestamp, signed with the webhook's
 * current secret, to its URL or to `to`. Each send is recorded as an attempt with origin `replay`.
 * Sequential on purpose: a developer replaying into a local receiver reads them in order.
 */
export async function replayDeliveries(
  store: WebhookRegistry,
  sender: Sender,
  deliveries: readonly DeliveryRecord[],
  opts: { to?: string; now: () => number },
): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const d of deliveries) {
    const webhook = await store.getWebhookById(d.webhookId);
    if (!webhook) continue; // deleted meanwhile: its deliveries went with it
    const destino = opts.to ?? webhook.url;
    // Numbered after every earlier attempt, whoever made it; never while the daemon is sending it.
    const tentativa = await store.takeAttemptNumber(d.id, opts.now());
    if (tentativa === null) {
      results.push(skipped(d, destino, 'o despachante está enviando esta entrega agora; tente de novo em instantes'));
      continue;
    }
    const s: SignedSend = {
      id: d.id,
      evento: d.evento,
      corpo: d.corpo,
      tentativa,
      origem: 'replay',
      secret: webhook.secret,
      previousSecret: previousSecretAt(webhook, opts.now()),
      destino,
    };
    const sent = await sendSigned(sender, s, opts.now);
    await store.recordReplay(d, sent.attempt, opts.to === undefined, opts.now());
    results.push(resultOf(s, d.webhookId, sent));
  }
  return results;
}

/**
 * Sends a new delivery of `evento` with `corpo` to a webhook's URL now, signed with its current secret, and
 * records it with origin `disparo` (`svc webhooks trigger`). Like a replay it is management: no quota, no
 * failure count, and its outcome is final.
 */
export async function triggerDelivery(
  store: WebhookRegistry,
  sender: Sender,
  webhook: WebhookRecord,
  sent: { evento: string; corpo: string },
  now: () => number,
): Promise<ReplayResult> {
  const s: SignedSend = {
    id: crypto.randomUUID(),
    ...sent,
    tentativa: 1,
    origem: 'disparo',
    secret: webhook.secret,
    previousSecret: previousSecretAt(webhook, now()),
    destino: webhook.url,
  };
  const made = await sendSigned(sender, s, now);
  await store.recordTriggered(webhook, { id: s.id, ...sent }, made.attempt, now());
  return resultOf(s, webhook.id, made);
}
