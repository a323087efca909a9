import type { PlansConfig, Recurso } from '../../control/plans.js';
import type { AuthContext } from '../auth-context.js';
import { ApiError } from '../errors.js';
import { authOf } from './auth.js';
import type { RequestCheck } from './admission.js';

const INSUFFICIENT = 'Plano insuficiente';

function upgrade(plan: string): string {
  return plan === 'enterprise'
    ? 'Fale com o suporte para ampliar o acesso.'
    : 'Faça upgrade para o plano pro ou enterprise.';
}

/** 403 unless the key's plan includes `recurso`. */
export function planAccess(plans: PlansConfig, recurso: Recurso): RequestCheck {
  return (ctx) => {
    const auth = authOf(ctx);
    if (!plans[auth.plan].recursos.includes(recurso)) {
      throw new ApiError(403, INSUFFICIENT, `O plano ${auth.plan} não inclui este recurso. ${upgrade(auth.plan)}`);
    }
  };
}

export function canRead(auth: AuthContext, campeonatoId: number): boolean {
  return auth.championships === null || auth.championships.includes(campeonatoId);
}

/** 403 when the key's plan limits it to an access list that does not hold this championship. */
export function assertChampionship(auth: AuthContext, campeonatoId: number): void {
  if (!canRead(auth, campeonatoId)) {
    throw new ApiError(
      403,
      INSUFFICIENT,
      `O plano ${auth.plan} dá acesso apenas aos campeonatos liberados para a sua conta. ${upgrade(auth.plan)}`,
    );
  }
}
