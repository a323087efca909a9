import type { Middleware } from 'koa';
import type { AccountsStore } from '../../control/accounts-store.js';
import type { PlansConfig } from '../../control/plans.js';
import { ApiError } from '../errors.js';
import type { AuthContext } from '../auth-context.js';
import type { ApiState } from '../state.js';

export const UNAUTHORIZED = new ApiError(401, 'Não autorizado', 'API Key inválida ou inativa', { 'WWW-Authenticate': 'Bearer' });

/**
 * Authenticates `Authorization: Bearer <API_KEY>` and sets `ctx.state.auth` (and the key's limits).
 * Anything else — no header, another scheme, an unknown or revoked key — is the spec's 401.
 */
export function authenticate(accounts: AccountsStore, plans: PlansConfig): Middleware<ApiState> {
  return (ctx, next) => {
    const match = /^Bearer +(\S+)\s*$/i.exec(ctx.get('Authorization'));
    const found = match?.[1] ? accounts.authenticate(match[1]) : null;
    if (!found) throw UNAUTHORIZED;
    const { key, account } = found;
    const plan = plans[account.plano];
    ctx.state.auth = {
      accountId: account.id,
      accountName: account.nome,
      keyId: key.id,
      keyPrefix: key.prefixo,
      plan: account.plano,
      championships: plan.todos_campeonatos ? null : (account.campeonatos ?? []),
    };
    ctx.state.limits = {
      requisicoes: account.cota_requisicoes ?? plan.requisicoes,
      periodo: plan.periodo,
      por_segundo: account.requisicoes_por_segundo ?? plan.por_segundo,
    };
    return next();
  };
}

/** The caller of a route mounted behind `authenticate` (a programming error otherwise). */
export function authOf(ctx: { state: ApiState }): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw new Error('route mounted without authentication');
  return auth;
}
