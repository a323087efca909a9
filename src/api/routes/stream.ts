import type { PlansConfig } from '../../control/plans.js';
import { isoWithOffset } from '../../time.js';
import { EVENTOS, isEventName } from '../../domain/events.js';
import type { AuthContext } from '../auth-context.js';
import { ApiError } from '../errors.js';
import type { Guard } from '../middleware/admission.js';
import { authOf } from '../middleware/auth.js';
import { assertChampionship } from '../middleware/plan-access.js';
import { invalid, queryInt, queryOne } from '../params.js';
import type { StreamFilter, StreamHub } from '../stream/stream-hub.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { ApiContext, ApiRouter } from '../state.js';

export interface StreamRoutesOptions {
  hub: StreamHub;
  tickets: StreamTickets;
  plans: PlansConfig;
  guard: Guard;
  /** The guard of `GET /v1/stream`: a ticket or a key, then the same quota and plan checks. */
  ticketGuard: Guard;
  /** Base of the ticket's absolute `url` (`--public-url`); default the request's scheme and host. */
  publicUrl?: string;
}

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The stream's filters (`eventos`, `campeonato`, `partida`) within what the key may read. */
function streamFilter(ctx: ApiContext, auth: AuthContext): StreamFilter {
  const eventosText = queryOne(ctx, 'eventos');
  const eventos = eventosText === undefined ? null : eventosText.split(',').map((e) => e.trim());
  if (eventos !== null && !eventos.every(isEventName))
    throw invalid('eventos', `deve listar, separados por vírgula, eventos entre: ${EVENTOS.join(', ')}`);
  const campeonato = queryInt(ctx, 'campeonato', 1, MAX_ID);
  if (campeonato !== undefined) assertChampionship(auth, campeonato);
  return {
    eventos: eventos === null ? null : new Set(eventos),
    campeonatos: campeonato !== undefined ? [campeonato] : auth.championships,
    partida: queryInt(ctx, 'partida', 1, MAX_ID) ?? null,
  };
}

/**
 * Where to resume: `Last-Event-ID` as the browser resends it on its own reconnects (anything but a seq number is a
 * fresh start), else `ultimo_evento`, the position a page carries into a new EventSource (which cannot set the
 * header) after its spent ticket stopped the old one.
 */
function lastEventId(ctx: ApiContext): number | null {
  const raw = ctx.get('Last-Event-ID').trim();
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  return queryInt(ctx, 'ultimo_evento', 0, MAX_ID) ?? null;
}

/** `GET /v1/stream` (Server-Sent Events of the webhook events) and `POST /v1/stream/ticket`. */
export function registerStream(router: ApiRouter, o: StreamRoutesOptions): void {
  router.get(
    '/v1/stream',
    o.ticketGuard('stream', (ctx) => {
      const auth = authOf(ctx);
      const filter = streamFilter(ctx, auth);
      const resumeAfter = lastEventId(ctx);
      const limit = o.plans[auth.plan].streams_simultaneos;
      if (o.hub.count(auth.accountId) >= limit) {
        throw new ApiError(
          429,
          'Limite de requisições',
          `O plano ${auth.plan} permite ${limit} streams simultâneos por conta em cada servidor; feche um antes de abrir outro.`,
        );
      }
      ctx.respond = false;
      o.hub.open(ctx.res, ctx.state.headers, filter, auth, resumeAfter);
    }),
  );

  router.post(
    '/v1/stream/ticket',
    o.guard('stream', (ctx) => {
      const { accountId, keyId, keyPrefix } = authOf(ctx);
      const { ticket, expiresAt } = o.tickets.issue({ accountId, keyId, keyPrefix });
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      // Absolute: the page that opens it is usually on another origin.
      const base = o.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      ctx.body = { data: { ticket, expira_em: isoWithOffset(expiresAt), url: `${base}/v1/stream?ticket=${ticket}` } };
    }),
  );
}
