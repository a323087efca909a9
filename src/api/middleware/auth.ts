import { systemClock, type Clock } from '../../clock.js';
import type { Account, AccountsStore, ApiKeyRecord } from '../../control/accounts-store.js';
import { readableChampionships, type PlansConfig } from '../../control/plans.js';
import { ApiError } from '../errors.js';
import type { AuthContext } from '../auth-context.js';
import type { ApiContext, ApiState, KeyLimits } from '../state.js';
import type { RequestCheck } from './admission.js';

export const UNAUTHORIZED = new ApiError(401, 'Não autorizado', 'API Key inválida ou inativa', {
  'WWW-Authenticate': 'Bearer',
});

interface Resolved {
  auth: AuthContext;
  limits: KeyLimits;
  until: number;
}

/** Bound on cached keys, so random bearer tokens cannot grow memory. */
const MAX_CACHED_KEYS = 10_000;

/**
 * Authenticates `Authorization: Bearer <API_KEY>` and sets `ctx.state.auth` (and the key's limits).
 * Anything else — no header, another scheme, an unknown or revoked key — is the spec's 401.
 * A verified key is remembered for `cacheMs` (keyed by the Authorization header as sent, in memory only),
 * so a busy key costs one map lookup per request and one control-plane lookup per interval; revocation,
 * rotation and plan changes therefore take effect within `cacheMs`. The requests that find the entry missing or
 * expired share one lookup: a busy key's 64 connections would otherwise send 64 at each expiry, a queue on a
 * PostgreSQL pool that every request behind them waits out.
 */
export function authenticate(
  accounts: AccountsStore,
  plans: PlansConfig,
  cacheMs = 1_000,
  clock: Clock = systemClock,
): RequestCheck {
  const cache = new Map<string, Resolved>();
  /** Lookups under way, by header: null when the key is unknown or revoked. */
  const looking = new Map<string, Promise<Resolved | null>>();
  const apply = (ctx: ApiContext, hit: Resolved | null) => {
    if (!hit) throw UNAUTHORIZED;
    ctx.state.auth = hit.auth;
    ctx.state.limits = hit.limits;
  };
  const lookUp = (header: string, presented: string, now: number): Promise<Resolved | null> =>
    accounts
      .authenticate(presented)
      .then((found) => {
        if (!found) {
          cache.delete(header);
          return null;
        }
        const fresh = { ...resolveKey(found.key, found.account, plans), until: now + cacheMs };
        if (cacheMs > 0) {
          if (cache.size >= MAX_CACHED_KEYS) cache.clear();
          cache.set(header, fresh);
        }
        return fresh;
      })
      .finally(() => looking.delete(header));
  return (ctx) => {
    const header = ctx.get('authorization');
    const now = clock.now();
    const hit = cache.get(header);
    if (hit && hit.until > now) return apply(ctx, hit);
    const presented = /^Bearer +(\S+)\s*$/i.exec(header)?.[1];
    if (!presented) throw UNAUTHORIZED;
    let lookup = looking.get(header);
    if (!lookup) {
      lookup = lookUp(header, presented, now);
      looking.set(header, lookup);
    }
    return lookup.then((resolved) => apply(ctx, resolved));
  };
}

/** What a key may do as its account stands now: its auth context and limits. */
export function resolveKey(
  key: ApiKeyRecord,
  account: Account,
  plans: PlansConfig,
): { auth: AuthContext; limits: KeyLimits } {
  const plan = plans[account.plano];
  return {
    auth: {
      accountId: account.id,
      accountName: account.nome,
      keyId: key.id,
      keyPrefix: key.prefixo,
      plan: account.plano,
      championships: readableChampionships(plan, account.campeonatos),
    },
    limits: {
      requisicoes: account.cota_requisicoes ?? plan.requisicoes,
      periodo: plan.periodo,
      por_segundo: account.requisicoes_por_segundo ?? plan.por_segundo,
    },
  };
}

/** The caller of a route mounted behind `authenticate` (a programming error otherwise). */
export function authOf(ctx: { state: ApiState }): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw new Error('route mounted without authentication');
  return auth;
}
