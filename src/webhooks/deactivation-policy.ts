import type { DeactivationDecision, FailureHistory } from '../domain/webhooks.js';
import { isoWithOffset, nextUtcMidnight } from '../time.js';

/** After this many consecutive failed deliveries a webhook is deactivated until the next UTC midnight. */
export const FAILURES_BEFORE_DEACTIVATION = 20;
/** This many temporary deactivations with no 2xx in between make the next one permanent. */
export const TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT = 3;

/**
 * The spec's deactivation rule, given a webhook's history right after one more automatic delivery failed:
 * nothing below the threshold; at it, until the next UTC midnight, or for good when this would be the third
 * temporary deactivation without a 2xx (only the customer lifts that one).
 */
export function decideDeactivation(history: FailureHistory, nowMs: number): DeactivationDecision | null {
  if (history.falhasConsecutivas < FAILURES_BEFORE_DEACTIVATION) return null;
  if (history.desativacoesSeguidas + 1 >= TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT) {
    return {
      tipo: 'permanente',
      motivo: `${TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT} desativações temporárias sem nenhuma entrega bem-sucedida: desativado até ser reativado pelo cliente`,
      reativarEm: null,
    };
  }
  const reativarEm = nextUtcMidnight(nowMs);
  return {
    tipo: 'temporaria',
    motivo: `${FAILURES_BEFORE_DEACTIVATION} entregas consecutivas falharam: reativado em ${isoWithOffset(reativarEm)}`,
    reativarEm,
  };
}
