import { EVENTOS, type EventName } from '../../domain/events.js';
import { examplePayload } from './event-examples.js';
import {
  arrayOf,
  bool,
  component,
  dateTime,
  enumOf,
  int,
  nullable,
  obj,
  ref,
  str,
  typed,
  type JsonSchema,
  type Schema,
} from './json-schema.js';
import { EventoPartida, Fase, RodadaAvulsa, STATUS_PARTIDA, TimeResumo } from './schemas.js';

/**
 * The bodies of the eight events (webhook deliveries and stream `data:`), as OpenAPI 3.1 `webhooks` and
 * components: each is `{evento, gerado_em, dados}`; `dados` is a match summary for the partida.* events, the API's
 * own round and phase for the others. test/api/stream.test.ts validates every recorded body against them.
 */

const nint = nullable(int);
const nstr = nullable(str);

const partidaResumo = {
  id: int,
  campeonato_id: int,
  rodada_numero: nint,
  fase: nullable(obj({ id: int, nome: str, slug: str })),
  status: enumOf(STATUS_PARTIDA),
  placar_mandante: nint,
  placar_visitante: nint,
  disputa_penalti: { ...bool, description: 'Como na Partida: se houve disputa de pênaltis.' },
  penalti: {
    ...obj({ placar_mandante: nint, placar_visitante: nint }),
    description: 'Como na Partida: o placar da disputa de pênaltis (null sem disputa); decide quem avança num empate.',
  },
  data_hora_realizacao: { ...nullable(dateTime), description: 'Como na Partida: o início, ISO 8601 com fuso.' },
  time_mandante: ref(TimeResumo),
  time_visitante: ref(TimeResumo),
  estadio: nstr,
  gols: arrayOf(ref(EventoPartida)),
};

/** The schema name of an event's body: `partida.placar_atualizado` → `WebhookPartidaPlacarAtualizado`. */
export function payloadSchemaName(evento: EventName): string {
  return `Webhook${evento.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`;
}

const WebhookPartida = component('WebhookPartida', {
  ...obj(partidaResumo),
  description: 'Resumo da partida nos eventos partida.*: placar, times, estádio e gols até o momento.',
});

const DADOS: Record<EventName, Schema<unknown>> = {
  'partida.criada': ref(WebhookPartida),
  'partida.ao_vivo': ref(WebhookPartida),
  'partida.placar_atualizado': ref(WebhookPartida),
  'partida.gol': {
    ...obj({ ...partidaResumo, gol: ref(EventoPartida) }),
    description: 'O resumo da partida e, em `gol`, o gol que gerou o evento.',
  },
  'partida.encerrada': ref(WebhookPartida),
  'partida.escalacao_publicada': ref(WebhookPartida),
  'rodada.encerrada': ref(RodadaAvulsa),
  'fase.finalizada': ref(Fase),
};

const DESCRIPTIONS: Record<EventName, string> = {
  'partida.criada': 'Uma partida nova entrou no calendário.',
  'partida.ao_vivo': 'A partida começou.',
  'partida.placar_atualizado': 'O placar mudou (gol, gol anulado, correção).',
  'partida.gol': 'Um gol foi marcado.',
  'partida.encerrada': 'A partida terminou.',
  'partida.escalacao_publicada': 'As escalações foram publicadas.',
  'rodada.encerrada': 'Todas as partidas da rodada terminaram.',
  'fase.finalizada': 'A fase de um campeonato terminou.',
};

/** Component schemas: the match summary, one envelope per event, their union and the stream's `recarregar`. */
export const PAYLOAD_SCHEMAS: Record<string, JsonSchema> = {
  WebhookPartida: WebhookPartida.schema,
  ...Object.fromEntries(
    EVENTOS.map((evento) => [
      payloadSchemaName(evento),
      {
        ...obj({ evento: typed<EventName>({ const: evento }), gerado_em: dateTime, dados: DADOS[evento] }),
        description: DESCRIPTIONS[evento],
      },
    ]),
  ),
  WebhookEvento: {
    oneOf: EVENTOS.map((e) => ref(payloadSchemaName(e))),
    discriminator: {
      propertyName: 'evento',
      mapping: Object.fromEntries(EVENTOS.map((e) => [e, ref(payloadSchemaName(e)).$ref])),
    },
    description: 'O corpo de qualquer um dos oito eventos (webhook ou `data:` do stream).',
  },
  StreamRecarregar: {
    ...obj({ mensagem: str, ultimo_evento: int }),
    description:
      'Enviado em `event: recarregar` quando a retomada não alcança mais os eventos perdidos: recarregue pela API REST.',
  },
};

/** The document's `webhooks`: what svc POSTs to a receiver, per event, with a recorded example (headers in docs/webhooks.md). */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    EVENTOS.map((evento) => [
      evento,
      {
        post: {
          summary: DESCRIPTIONS[evento],
          description:
            'Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.',
          requestBody: {
            required: true,
            // The docs' example: /docs shows it, and the panel's event catalogue reads it from here.
            content: {
              'application/json': { schema: ref(payloadSchemaName(evento)), example: examplePayload(evento) },
            },
          },
          responses: {
            '200': { description: 'Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo.' },
          },
        },
      },
    ]),
  );
}
