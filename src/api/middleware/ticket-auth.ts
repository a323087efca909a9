import type { AccountsStore } from '../../control/accounts-store.js';
import type { PlansConfig } from '../../control/plans.js';
import { ApiError } from '../errors.js';
import { parseQuery, queryOne } from '../params.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { RequestCheck } from './admission.js';
import { resolveKey, UNAUTHORIZED } from './auth.js';

const BAD_TICKET = new ApiError(
  401,
  'Não autorizado',
  'Ticket de stream inválido, expirado ou já utilizado; peça outro em POST /v1/stream/ticket.',
);

/**
 * A `?ticket=` from `POST /v1/stream/ticket` in place of the key (browsers' EventSource sends no headers); else
 * the key. The ticket's key is read again: revoked or rotated since the ticket was issued, it is the key's 401; a
 * plan changed since applies.
 */
export function ticketOrKey(
  tickets: StreamTickets,
  byKey: RequestCheck,
  accounts: AccountsStore,
  plans: PlansConfig,
): RequestCheck {
  return (ctx) => {
    const ticket = queryOne((ctx.state.query ??= parseQuery(ctx.querystring)), 'ticket');
    if (ticket === undefined) return byKey(ctx);
    const holder = tickets.redeem(ticket);
    if (!holder) throw BAD_TICKET;
    return accounts.activeKeys([holder.keyId]).then(([found]) => {
      if (!found || found.key.prefixo !== holder.keyPrefix) throw UNAUTHORIZED;
      const { auth, limits } = resolveKey(found.key, found.account, plans);
      ctx.state.auth = auth;
      ctx.state.limits = limits;
    });
  };
}
