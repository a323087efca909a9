import { createHmac } from 'node:crypto';

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + raw body` (spec "Signature"). */
export function sign(secret: string, timestamp: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export interface DeliveryHeaderInput {
  evento: string;
  entregaId: string;
  tentativa: number;
  secret: string;
  /** During a rotation's overlap, the previous secret: it signs the same bytes in `X-SVC-Assinatura-Anterior`. */
  previousSecret?: string | null;
  body: string;
  nowMs: number;
}

/** The request headers of one delivery attempt; the timestamp (and so the signature) is fresh per attempt. */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const timestamp = String(Math.floor(input.nowMs / 1000));
  return {
    'content-type': 'application/json',
    'user-agent': 'svc-webhooks/1',
    'x-svc-evento': input.evento,
    'x-svc-entrega': input.entregaId,
    'x-svc-timestamp': timestamp,
    'x-svc-assinatura': sign(input.secret, timestamp, input.body),
    'x-svc-tentativa': String(input.tentativa),
    ...(input.previousSecret ? { 'x-svc-assinatura-anterior': sign(input.previousSecret, timestamp, input.body) } : {}),
  };
}

/** A new webhook secret: 32 random bytes, prefixed so it is recognisable in a config file. */
export function newSecret(random: (n: number) => Buffer): string {
  return `whsec_${random(32).toString('hex')}`;
}
