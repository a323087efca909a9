import type { Recurso } from '../../control/plans.js';
import { MAX_PAGINA, MAX_RODADA } from '../routes/campeonatos.js';
import { DEFAULT_POR_PAGINA, DELIVERY_EVENTS, MAX_POR_PAGINA } from '../routes/webhooks.js';
import { EVENTOS } from '../../domain/events.js';
import { DELIVERY_STATUSES } from '../../domain/webhooks.js';
import { arrayOf, bool, int, nullable, obj, ref, str, enumOf, type Schema } from './json-schema.js';
import { POSICOES, STATUS_CAMPEONATO, STATUS_PARTIDA, TIPO_CAMPEONATO, TIPO_TIME } from './schemas.js';

/** Every documented endpoint: the source of the OpenAPI `paths`. */

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema: Schema;
  required?: boolean;
}

export interface Endpoint {
  /** Default `get`. */
  method?: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  /** Plan resource group; absent = public (no key). */
  recurso?: Recurso;
  params: Param[];
  /** Schema of the success body (null: no body). */
  body: Schema | null;
  /** Media type of the success body; default `application/json`. */
  mediaType?: string;
  /** Success status; default 200. */
  okStatus?: number;
  /** JSON request body. */
  requestBody?: Schema;
  /** The body may be left out. */
  requestBodyOptional?: boolean;
  /** Error statuses besides those every authenticated route has (401, 403, 429). */
  errors: number[];
}

const id = (name: string, what: string): Param => ({
  name,
  in: 'path',
  required: true,
  description: `id ${what}`,
  schema: { type: 'integer', minimum: 1 },
});
const campId = id('campeonatoId', 'do campeonato');
const q: Param = {
  name: 'q',
  in: 'query',
  required: true,
  description: 'Termo de busca (mínimo 2 caracteres; ignora maiúsculas e acentos)',
  schema: { type: 'string', minLength: 2, maxLength: 100 },
};
const temporada: Param = {
  name: 'temporada',
  in: 'query',
  description: 'Ano da temporada',
  schema: { type: 'string', pattern: '^\\d{4}$' },
};

const list = (item: Schema, meta: Schema): Schema => obj({ data: arrayOf(item), meta });
const one = (item: Schema): Schema => obj({ data: item });
const total = obj({ total: int });
const campTotal = obj({ campeonato_id: int, total: int });

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/v1/campeonatos',
    summary: 'Lista os campeonatos',
    tag: 'Campeonatos',
    recurso: 'campeonatos',
    params: [
      temporada,
      { name: 'status', in: 'query', description: 'Status do campeonato', schema: enumOf(STATUS_CAMPEONATO) },
      { name: 'tipo', in: 'query', description: 'Tipo do campeonato', schema: enumOf(TIPO_CAMPEONATO) },
    ],
    body: list(ref('Campeonato'), total),
    errors: [400],
  },
  {
    path: '/v1/campeonatos/{id}',
    summary: 'Um campeonato',
    tag: 'Campeonatos',
    recurso: 'campeonatos',
    params: [id('id', 'do campeonato')],
    body: one(ref('Campeonato')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/partidas',
    summary: 'Partidas de um campeonato (paginadas, por data)',
    tag: 'Campeonatos',
    recurso: 'partidas',
    params: [
      campId,
      {
        name: 'rodada',
        in: 'query',
        description: 'Número da rodada',
        schema: { type: 'integer', minimum: 1, maximum: MAX_RODADA },
      },
      { name: 'status', in: 'query', description: 'Status da partida', schema: enumOf(STATUS_PARTIDA) },
      {
        name: 'time',
        in: 'query',
        description: 'id de um time (mandante ou visitante)',
        schema: { type: 'integer', minimum: 1 },
      },
      {
        name: 'data_inicio',
        in: 'query',
        description: 'Data mínima (data local da partida)',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'data_fim',
        in: 'query',
        description: 'Data máxima (data local da partida)',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'pagina',
        in: 'query',
        description: 'Página (padrão 1)',
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGINA, default: 1 },
      },
      {
        name: 'por_pagina',
        in: 'query',
        description: 'Itens por página (padrão 15)',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 15 },
      },
    ],
    body: list(
      ref('Partida'),
      obj({ total: int, por_pagina: int, pagina_atual: int, ultima_pagina: int, campeonato_id: int }),
    ),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/rodadas',
    summary: 'Rodadas com suas partidas, por número',
    tag: 'Campeonatos',
    recurso: 'rodadas',
    params: [campId],
    body: list(ref('Rodada'), campTotal),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/rodadas/{numero}',
    summary: 'Uma rodada com suas partidas (sem `fase`)',
    tag: 'Campeonatos',
    recurso: 'rodadas',
    params: [campId, id('numero', '(número) da rodada')],
    body: one(ref('RodadaAvulsa')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/chave',
    summary: 'Chaveamento completo (ida e volta)',
    tag: 'Campeonatos',
    recurso: 'chave',
    params: [campId],
    body: one(ref('ChaveCampeonato')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/fases',
    summary: 'Fases em sequência, com navegação',
    tag: 'Campeonatos',
    recurso: 'chave',
    params: [campId],
    body: list(ref('Fase'), campTotal),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/fases/{faseId}',
    summary: 'Detalhe de uma fase (chaves ou rodadas)',
    tag: 'Campeonatos',
    recurso: 'chave',
    params: [campId, id('faseId', 'da fase')],
    body: one(ref('Fase')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela',
    summary: 'Classificação de uma fase',
    tag: 'Campeonatos',
    recurso: 'tabela',
    params: [campId, id('faseId', 'da fase')],
    body: one(ref('TabelaFase')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/tabela',
    summary: 'Classificação completa',
    tag: 'Campeonatos',
    recurso: 'tabela',
    params: [campId],
    body: one(ref('Tabela')),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/artilharia',
    summary: 'Artilharia (gols desc.; sem jogadores com 0 gols)',
    tag: 'Campeonatos',
    recurso: 'artilharia',
    params: [campId],
    body: list(ref('Jogador'), obj({ campeonato_id: int, campeonato_nome: str, total: int })),
    errors: [400, 404],
  },
  {
    path: '/v1/campeonatos/{campeonatoId}/cobertura',
    summary: 'Cobertura de dados de um campeonato',
    tag: 'Campeonatos',
    recurso: 'cobertura',
    params: [campId],
    body: one(ref('Cobertura')),
    errors: [400, 404],
  },
  {
    path: '/v1/cobertura',
    summary: 'Cobertura de todos os campeonatos da temporada (padrão: a mais recente)',
    tag: 'Campeonatos',
    recurso: 'cobertura',
    params: [temporada],
    body: list(ref('Cobertura'), total),
    errors: [400],
  },
  {
    path: '/v1/partidas/ao-vivo',
    summary: 'Partidas ao vivo (cache de 15 s)',
    tag: 'Partidas',
    recurso: 'ao_vivo',
    params: [],
    body: list(ref('PartidaAoVivo'), total),
    errors: [],
  },
  {
    path: '/v1/partidas/{id}/eventos',
    summary: 'Eventos de uma partida, por minuto',
    tag: 'Partidas',
    recurso: 'eventos',
    params: [id('id', 'da partida')],
    body: list(ref('EventoPartida'), obj({ partida_id: int, total: int })),
    errors: [400, 404],
  },
  {
    path: '/v1/partidas/{id}/estatisticas',
    summary: 'Estatísticas por lado (null = não informado)',
    tag: 'Partidas',
    recurso: 'estatisticas',
    params: [id('id', 'da partida')],
    body: one(ref('EstatisticasPartida')),
    errors: [400, 404],
  },
  {
    path: '/v1/partidas/{id}/escalacao',
    summary: 'Escalações (404 quando não há)',
    tag: 'Partidas',
    recurso: 'escalacao',
    params: [id('id', 'da partida')],
    body: one(ref('Escalacao')),
    errors: [400, 404],
  },
  {
    path: '/v1/times',
    summary: 'Busca de times (até 20)',
    tag: 'Times e jogadores',
    recurso: 'times',
    params: [q, { name: 'tipo', in: 'query', description: 'Tipo de time', schema: enumOf(TIPO_TIME) }],
    body: list(ref('Time'), total),
    errors: [400],
  },
  {
    path: '/v1/times/{timeId}/jogadores',
    summary: 'Elenco de um time (posição, nome)',
    tag: 'Times e jogadores',
    recurso: 'jogadores',
    params: [id('timeId', 'do time')],
    body: list(ref('Jogador'), total),
    errors: [400, 404],
  },
  {
    path: '/v1/jogadores',
    summary: 'Busca de jogadores (até 20)',
    tag: 'Times e jogadores',
    recurso: 'jogadores',
    params: [
      q,
      { name: 'time', in: 'query', description: 'id do time', schema: { type: 'integer', minimum: 1 } },
      { name: 'posicao', in: 'query', description: 'Posição', schema: enumOf(POSICOES) },
    ],
    body: list(ref('Jogador'), total),
    errors: [400],
  },
  {
    path: '/v1/jogadores/{id}',
    summary: 'Um jogador',
    tag: 'Times e jogadores',
    recurso: 'jogadores',
    params: [id('id', 'do jogador')],
    body: one(ref('Jogador')),
    errors: [400, 404],
  },
  {
    path: '/v1/me',
    summary: 'Plano, limites e consumo da chave',
    tag: 'Conta',
    recurso: 'conta',
    params: [],
    body: one(ref('Perfil')),
    errors: [],
  },
  {
    path: '/v1/perfil/estatisticas',
    summary: 'Estatísticas de uso da chave',
    tag: 'Conta',
    recurso: 'conta',
    params: [],
    body: one(ref('UsoEstatisticas')),
    errors: [],
  },
  ...webhookEndpoints(),
  ...streamEndpoints(),
  {
    path: '/v1/status',
    summary: 'Versão, snapshot atual e uptime (sem chave)',
    tag: 'Status',
    params: [],
    body: one(ref('Status')),
    errors: [405],
  },
  {
    path: '/healthz',
    summary: 'Liveness (sem chave)',
    tag: 'Status',
    params: [],
    body: obj({ status: str }),
    errors: [405],
  },
  {
    path: '/readyz',
    summary: 'Readiness: 503 até haver snapshot e o plano de controle responder (sem chave)',
    tag: 'Status',
    params: [],
    body: obj({ status: str, snapshot: str }),
    errors: [405, 503],
  },
];

/** Webhook management (routes in routes/webhooks.ts); bodies per spec "Webhook" and docs/webhooks.md. */
function webhookEndpoints(): Endpoint[] {
  const hookId = id('id', 'do webhook');
  const entregaId: Param = {
    name: 'entregaId',
    in: 'path',
    required: true,
    description: 'id da entrega (o valor de X-SVC-Entrega)',
    schema: { type: 'string', maxLength: 64 },
  };
  const tag = 'Webhooks';
  const recurso = 'webhooks' as const;
  const eventos = arrayOf(enumOf(EVENTOS));
  return [
    {
      path: '/v1/webhooks',
      summary: 'Lista os webhooks da conta e o uso mensal de entregas',
      tag,
      recurso,
      params: [],
      body: list(
        ref('Webhook'),
        obj({
          entregas_mes_usadas: int,
          entregas_mes_limite: nullable(int),
          entregas_referencia: { type: 'string', pattern: '^\\d{6}$' },
        }),
      ),
      errors: [],
    },
    {
      method: 'post',
      path: '/v1/webhooks',
      summary: 'Cria um webhook (o secret é exibido só nesta resposta)',
      tag,
      recurso,
      params: [],
      requestBody: obj({ nome: str, url: { type: 'string', format: 'uri' }, eventos }, ['eventos']),
      body: obj({ data: ref('WebhookCriado'), mensagem: str }),
      okStatus: 201,
      errors: [400, 413, 415, 422],
    },
    {
      path: '/v1/webhooks/{id}',
      summary: 'Um webhook',
      tag,
      recurso,
      params: [hookId],
      body: one(ref('Webhook')),
      errors: [400, 404],
    },
    {
      method: 'patch',
      path: '/v1/webhooks/{id}',
      summary: 'Altera nome, URL, eventos ou ativo',
      tag,
      recurso,
      params: [hookId],
      requestBody: obj({ nome: str, url: { type: 'string', format: 'uri' }, eventos, ativo: bool }, [
        'nome',
        'url',
        'eventos',
        'ativo',
      ]),
      body: one(ref('Webhook')),
      errors: [400, 404, 413, 415, 422],
    },
    {
      method: 'delete',
      path: '/v1/webhooks/{id}',
      summary: 'Remove um webhook',
      tag,
      recurso,
      params: [hookId],
      body: null,
      okStatus: 204,
      errors: [400, 404],
    },
    {
      method: 'post',
      path: '/v1/webhooks/{id}/rotacionar-segredo',
      summary:
        'Gera um novo secret (exibido só nesta resposta). Com `sobreposicao_segundos` (até 7 dias) o secret anterior continua assinando cada entrega, em `X-SVC-Assinatura-Anterior`, até `secret_anterior_valido_ate`; sem corpo, ele deixa de valer na hora',
      tag,
      recurso,
      params: [hookId],
      requestBody: obj({ sobreposicao_segundos: { type: 'integer', minimum: 0, maximum: 604800 } }, [
        'sobreposicao_segundos',
      ]),
      requestBodyOptional: true,
      body: obj({
        data: obj({
          id: int,
          secret: str,
          secret_anterior_valido_ate: nullable({ type: 'string', format: 'date-time' }),
        }),
        mensagem: str,
      }),
      errors: [400, 404, 413, 415],
    },
    {
      method: 'post',
      path: '/v1/webhooks/{id}/testar',
      summary:
        'Enfileira uma entrega de teste: `webhook.teste`, ou com `evento` uma entrega desse evento com o payload de exemplo desta documentação',
      tag,
      recurso,
      params: [hookId],
      requestBody: obj({ evento: enumOf(EVENTOS) }, ['evento']),
      requestBodyOptional: true,
      body: obj({ data: ref('Entrega'), mensagem: str }),
      okStatus: 202,
      errors: [400, 404, 413, 415],
    },
    {
      path: '/v1/webhooks/{id}/entregas',
      summary: 'Histórico de entregas, das mais recentes às mais antigas (inclui descartadas), paginado',
      tag,
      recurso,
      params: [
        hookId,
        {
          name: 'status',
          in: 'query',
          description: 'Só entregas com este status',
          schema: enumOf(DELIVERY_STATUSES),
        },
        {
          name: 'evento',
          in: 'query',
          description: 'Só entregas deste evento',
          schema: enumOf(DELIVERY_EVENTS),
        },
        {
          name: 'entrega',
          in: 'query',
          description: 'id da entrega (X-SVC-Entrega) ou o começo dele',
          schema: { type: 'string', pattern: '^[0-9a-fA-F-]{1,64}$' },
        },
        {
          name: 'pagina',
          in: 'query',
          description: 'Página (padrão 1)',
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGINA, default: 1 },
        },
        {
          name: 'por_pagina',
          in: 'query',
          description: `Entregas por página (padrão ${DEFAULT_POR_PAGINA})`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_POR_PAGINA, default: DEFAULT_POR_PAGINA },
        },
      ],
      body: list(
        ref('Entrega'),
        obj({ webhook_id: int, total: int, por_pagina: int, pagina_atual: int, ultima_pagina: int }),
      ),
      errors: [400, 404],
    },
    {
      path: '/v1/webhooks/{id}/entregas/{entregaId}',
      summary: 'Uma entrega, com o corpo assinado',
      tag,
      recurso,
      params: [hookId, entregaId],
      body: one(ref('EntregaDetalhe')),
      errors: [400, 404],
    },
    {
      method: 'post',
      path: '/v1/webhooks/{id}/entregas/reenviar',
      summary:
        'Reenfileira todas as entregas de eventos que falharam ou foram descartadas desde `desde` (depois de reativar um webhook): mesmos `X-SVC-Entrega` e corpos, assinatura nova, contadas como qualquer entrega (409 se o webhook está desativado)',
      tag,
      recurso,
      params: [
        hookId,
        {
          name: 'desde',
          in: 'query',
          required: true,
          description: 'Data e hora ISO 8601 com fuso: entregas criadas a partir dela',
          schema: { type: 'string', format: 'date-time' },
        },
      ],
      body: obj({ data: obj({ webhook_id: int, desde: str, reenfileiradas: int }), mensagem: str }),
      okStatus: 202,
      errors: [400, 404, 409],
    },
    {
      method: 'post',
      path: '/v1/webhooks/{id}/entregas/{entregaId}/reenviar',
      summary:
        'Reenfileira uma entrega concluída: mesmo `X-SVC-Entrega` e corpo, assinatura nova, contada como qualquer entrega (409 se ainda pendente, ou se o webhook está desativado e a entrega é de um evento)',
      tag,
      recurso,
      params: [hookId, entregaId],
      body: obj({ data: ref('Entrega'), mensagem: str }),
      okStatus: 202,
      errors: [400, 404, 409],
    },
  ];
}

/** The live event stream (routes/stream.ts); bodies per docs/api.md "Live stream". */
function streamEndpoints(): Endpoint[] {
  const tag = 'Stream';
  const recurso = 'stream' as const;
  const anyId = { type: 'integer', minimum: 1 } as const;
  return [
    {
      path: '/v1/stream',
      tag,
      recurso,
      summary:
        'Eventos ao vivo (Server-Sent Events): os oito eventos dos webhooks, cada um com `event:` o nome, `id:` o número de sequência e `data:` exatamente o corpo do webhook. ' +
        'Retoma após `Last-Event-ID` enquanto a janela em memória (2.000 eventos) os tiver; além dela envia `event: recarregar` (recarregue pela API REST). Comentário de heartbeat a cada 15 s.',
      params: [
        {
          name: 'eventos',
          in: 'query',
          description: `Eventos desejados, separados por vírgula (padrão: todos): ${EVENTOS.join(', ')}`,
          schema: str,
        },
        { name: 'campeonato', in: 'query', description: 'Só eventos deste campeonato', schema: anyId },
        { name: 'partida', in: 'query', description: 'Só os eventos partida.* desta partida', schema: anyId },
        {
          name: 'ticket',
          in: 'query',
          description:
            'Ticket de `POST /v1/stream/ticket`, no lugar do cabeçalho Authorization (EventSource de navegador)',
          schema: str,
        },
        {
          name: 'ultimo_evento',
          in: 'query',
          description:
            'Último `id` recebido, para retomar num EventSource novo (que não envia cabeçalhos); `Last-Event-ID`, quando presente, prevalece',
          schema: { type: 'integer', minimum: 0 },
        },
        {
          name: 'Last-Event-ID',
          in: 'header',
          description: 'Último `id` recebido: retoma a partir do evento seguinte',
          schema: str,
        },
      ],
      body: { type: 'string', description: 'Fluxo text/event-stream' },
      mediaType: 'text/event-stream',
      errors: [400],
    },
    {
      method: 'post',
      path: '/v1/stream/ticket',
      tag,
      recurso,
      summary:
        'Ticket de uso único (válido por 30 s) para abrir o stream sem a API Key na URL; `url` é absoluta (`--public-url`, ou o esquema e o host da requisição)',
      params: [],
      body: one(
        obj({
          ticket: str,
          expira_em: { type: 'string', format: 'date-time' },
          url: { type: 'string', format: 'uri' },
        }),
      ),
      okStatus: 201,
      errors: [],
    },
  ];
}
