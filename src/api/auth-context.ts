import type { Plano } from '../domain/plans.js';

/** What the auth middleware puts in `ctx.state.auth` for an authenticated request. */
export interface AuthContext {
  accountId: number;
  accountName: string;
  keyId: number;
  /** First characters of the key, safe to log and show to support. */
  keyPrefix: string;
  plan: Plano;
  /** Championship ids the account may read; null = all. */
  championships: readonly number[] | null;
}
