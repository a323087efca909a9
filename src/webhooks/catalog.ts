/** Largest body a webhook delivery may carry. */
export const PAYLOAD_CAP_BYTES = 256 * 1024;

export const QUOTA_DISCARD_REASON = 'Cota mensal de entregas excedida';
