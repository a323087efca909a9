import { ApiError } from '../errors.js';
import { queryOne } from '../params.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { RequestCheck } from './admission.js';

const BAD_TICKET = new ApiError(
  401,
  'Não autorizado',
  'Ticket de stream inválido, expirado ou já utilizado; peça outro em POST /v1/stream/ticket.',
);

/** A `?ticket=` from `POST /v1/stream/ticket` in place of the key (browsers' EventSource sends no headers); else the key. */
export function ticketOrKey(tickets: StreamTickets, byKey: RequestCheck): RequestCheck {
  return (ctx) => {
    const ticket = queryOne(ctx, 'ticket');
    if (ticket === undefined) return byKey(ctx);
    const redeemed = tickets.redeem(ticket);
    if (!redeemed) throw BAD_TICKET;
    ctx.state.auth = redeemed.auth;
    ctx.state.limits = redeemed.limits;
  };
}
