import type { Plano } from './plans.js';

/** Delivery statuses (docs/webhooks.md). */
export const DELIVERY_STATUSES = ['pendente', 'entregue', 'falhou', 'descartada'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** How a delivery came to be: fan-out, a test send (API or panel), `svc replay` (its attempts), `svc webhooks trigger`. */
export type DeliveryOrigin = 'automatica' | 'teste' | 'replay' | 'disparo';
/** An attempt's origin: its delivery's, or `reenvio` for the first attempt after a resend from the API or panel. */
export type AttemptOrigin = DeliveryOrigin | 'reenvio';

/** Webhook quotas of an account; null = unlimited. */
export interface WebhookLimits {
  webhooksAtivos: number | null;
  entregasMes: number | null;
}

/**
 * Plan defaults (spec "Limits"; docs/webhooks.md). Enterprise is "on demand": 50 active webhooks unless the
 * account's row in `webhook_contas` says otherwise.
 */
export const DEFAULT_WEBHOOK_LIMITS: Readonly<Record<Plano, WebhookLimits>> = {
  free: { webhooksAtivos: 1, entregasMes: 500 },
  pro: { webhooksAtivos: 5, entregasMes: 20_000 },
  enterprise: { webhooksAtivos: 50, entregasMes: 200_000 },
};

/** `YYYYMM` of the UTC month of an instant: the delivery quota's reference. */
export function monthReference(nowMs: number): string {
  const d = new Date(nowMs);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A webhook's failure history, counted after one more automatic delivery failed. */
export interface FailureHistory {
  falhasConsecutivas: number;
  /** Temporary deactivations since the last 2xx, not counting the one being decided. */
  desativacoesSeguidas: number;
}

export type DeactivationDecision =
  | { tipo: 'temporaria'; motivo: string; reativarEm: number }
  | { tipo: 'permanente'; motivo: string; reativarEm: null };

/** Decides whether a failure deactivates a webhook (src/webhooks/deactivation-policy.ts); the delivery queue applies it. */
export type DeactivationPolicy = (history: FailureHistory, nowMs: number) => DeactivationDecision | null;
