import { isoWithOffset } from '../../time.js';
import { EVENTOS, isEventName } from '../../domain/events.js';
import type { AuthContext } from '../auth-context.js';
import { ApiError } from '../errors.js';
import { authOf } from '../middleware/auth.js';
import { assertChampionship } from '../middleware/plan-access.js';
import { dateTime, obj, one, str } from '../openapi/json-schema.js';
import { header, invalid, queryInt, queryText } from '../params.js';
import type { StreamFilter } from '../stream/stream-hub.js';
import type { ApiContext } from '../state.js';
import { route } from '../table/route.js';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const tag = 'Stream';

/** The stream's filters (`eventos`, `campeonato`, `partida`) within what the key may read. */
function streamFilter(auth: AuthContext, q: { eventos?: string; campeonato?: number; partida?: number }): StreamFilter {
  const eventos = q.eventos === undefined ? null : q.eventos.split(',').map((e) => e.trim());
  if (eventos !== null && !eventos.every(isEventName))
    throw invalid('eventos', `deve listar, separados por vírgula, eventos entre: ${EVENTOS.join(', ')}`);
  if (q.campeonato !== undefined) assertChampionship(auth, q.campeonato);
  return {
    eventos: eventos === null ? null : new Set(eventos),
    campeonatos: q.campeonato !== undefined ? [q.campeonato] : auth.championships,
    partida: q.partida ?? null,
  };
}

/**
 * Where to resume: `Last-Event-ID` as the browser resends it on its own reconnects (anything but a seq number is a
 * fresh start), else `ultimo_evento`, the position a page carries into a new EventSource (which cannot set the
 * header) after its spent ticket stopped the old one.
 */
function lastEventId(ctx: ApiContext, ultimoEvento: number | undefined): number | null {
  const raw = ctx.get('last-event-id').trim();
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  return ultimoEvento ?? null;
}

/** `GET /v1/stream` (Server-Sent Events of the webhook events) and `POST /v1/stream/ticket`. */
export const STREAM_ROUTES = [
  route({
    method: 'get',
    path: '/v1/stream',
    tag,
    recurso: 'stream',
    access: 'ticket',
    summary:
      'Eventos ao vivo (Server-Sent Events): os oito eventos dos webhooks, cada um com `event:` o nome, `id:` o número de sequência e `data:` exatamente o corpo do webhook. ' +
      'Retoma após `Last-Event-ID` enquanto a janela em memória (2.000 eventos) os tiver; além dela envia `event: recarregar` (recarregue pela API REST). Comentário de heartbeat a cada 15 s.',
    query: {
      eventos: queryText(`Eventos desejados, separados por vírgula (padrão: todos): ${EVENTOS.join(', ')}`),
      campeonato: queryInt('Só eventos deste campeonato', 1, MAX_ID),
      partida: queryInt('Só os eventos partida.* desta partida', 1, MAX_ID),
      ticket: queryText(
        'Ticket de `POST /v1/stream/ticket`, no lugar do cabeçalho Authorization (EventSource de navegador)',
      ),
      ultimo_evento: queryInt(
        'Último `id` recebido, para retomar num EventSource novo (que não envia cabeçalhos); `Last-Event-ID`, quando presente, prevalece',
        0,
        MAX_ID,
      ),
    },
    headers: { 'Last-Event-ID': header('Último `id` recebido: retoma a partir do evento seguinte') },
    response: { schema: { ...str, description: 'Fluxo text/event-stream' }, mediaType: 'text/event-stream' },
    errors: [400],
    handler(ctx, { query }, d) {
      const auth = authOf(ctx);
      const filter = streamFilter(auth, query);
      const resumeAfter = lastEventId(ctx, query.ultimo_evento);
      const limit = d.plans[auth.plan].streams_simultaneos;
      if (d.hub.count(auth.accountId) >= limit) {
        throw new ApiError(
          429,
          'Limite de requisições',
          `O plano ${auth.plan} permite ${limit} streams simultâneos por conta em cada servidor; feche um antes de abrir outro.`,
        );
      }
      d.hub.open(ctx.res, ctx.state.headers, filter, auth, resumeAfter);
    },
  }),
  route({
    method: 'post',
    path: '/v1/stream/ticket',
    tag,
    recurso: 'stream',
    summary:
      'Ticket de uso único (válido por 30 s) para abrir o stream sem a API Key na URL; `url` é absoluta (`--public-url`, ou o esquema e o host da requisição)',
    response: {
      status: 201,
      schema: one(
        obj({
          ticket: str,
          expira_em: dateTime,
          url: { ...str, format: 'uri' },
        }),
      ),
    },
    errors: [],
    handler(ctx, _input, d) {
      const { accountId, keyId, keyPrefix } = authOf(ctx);
      const { ticket, expiresAt } = d.tickets.issue({ accountId, keyId, keyPrefix });
      // Absolute: the page that opens it is usually on another origin.
      const base = d.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      ctx.json(
        201,
        { data: { ticket, expira_em: isoWithOffset(expiresAt), url: `${base}/v1/stream?ticket=${ticket}` } },
        ['Cache-Control', 'no-store'],
      );
    },
  }),
];
