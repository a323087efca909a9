import { randomBytes } from 'node:crypto';
import { WebhookLimitError, type DeliveryRecord, type WebhookRecord } from '../../control/webhooks/records.js';
import { EVENTOS, type EventName } from '../../domain/events.js';
import { DELIVERY_STATUSES, monthReference } from '../../domain/webhooks.js';
import { newSecret } from '../../webhooks/signing.js';
import { BlockedUrlError, checkUrl } from '../../webhooks/url-guard.js';
import { isoWithOffset } from '../../time.js';
import type { AuthContext } from '../auth-context.js';
import { ApiError } from '../errors.js';
import { authOf } from '../middleware/auth.js';
import { exampleBody } from '../openapi/event-examples.js';
import { arrayOf, bool, dateTime, enumOf, int, list, nullable, obj, one, ref, str } from '../openapi/json-schema.js';
import { Entrega, EntregaDetalhe, Webhook, WebhookCriado } from '../openapi/schemas.js';
import { pathId, pathText, queryDeliveryId, queryEnum, queryInstant, queryInt } from '../params.js';
import type { ApiContext } from '../state.js';
import { field, jsonObject } from '../table/body.js';
import { route, type RouteDeps } from '../table/route.js';
import { MAX_PAGINA } from './campeonatos.js';

const SECRET_ONCE =
  'Guarde o secret agora: ele é exibido apenas nesta resposta e é usado para verificar a assinatura (X-SVC-Assinatura) de cada entrega.';
const testPending = (id: number): ApiError =>
  new ApiError(
    429,
    'Limite de requisições',
    `Já há uma entrega de teste pendente para este webhook; acompanhe em GET /v1/webhooks/${id}/entregas.`,
    { 'Retry-After': '10' },
  );
const TEST_QUEUED = 'Entrega de teste enfileirada; acompanhe em GET /v1/webhooks/{id}/entregas.';
const NOT_FOUND = new ApiError(404, 'Não encontrado', 'Webhook não encontrado');
const DELIVERY_NOT_FOUND = new ApiError(404, 'Não encontrado', 'Entrega não encontrada');
const DEACTIVATED = new ApiError(
  409,
  'Conflito',
  'O webhook está desativado: reative-o (PATCH com ativo true) antes de reenviar entregas de eventos.',
);
const STILL_PENDING = new ApiError(409, 'Conflito', 'A entrega ainda está pendente: aguarde a próxima tentativa.');
const RESEND_QUEUED =
  'Entrega reenfileirada: mesmo X-SVC-Entrega e corpo, com assinatura nova; acompanhe em GET /v1/webhooks/{id}/entregas.';
/** What a delivery can carry: the eight events and the generic test. */
export const DELIVERY_EVENTS: readonly string[] = [...EVENTOS, 'webhook.teste'];
export const MAX_POR_PAGINA = 100;
export const DEFAULT_POR_PAGINA = 50;
const MAX_NOME = 100;
const MAX_URL = 2048;
/** Longest overlap of a secret rotation: a week. */
const MAX_OVERLAP_S = 7 * 24 * 3600;
const NO_STORE = ['Cache-Control', 'no-store'];

/** The fields of the webhook bodies. */
const nome = field<string>(
  { type: 'string', minLength: 1, maxLength: MAX_NOME, pattern: '\\S' },
  `deve ser um texto de 1 a ${MAX_NOME} caracteres`,
);
const url = field<string>(
  { type: 'string', format: 'uri', maxLength: MAX_URL },
  `deve ser uma URL HTTPS de até ${MAX_URL} caracteres`,
);
const eventos = field<string[]>({ ...arrayOf(enumOf(EVENTOS)), minItems: 1 }, (value, error) => {
  const item = /^\/eventos\/(\d+)$/.exec(error.instancePath)?.[1];
  return item === undefined
    ? 'deve ser uma lista não vazia de nomes de eventos'
    : `contém ${JSON.stringify((value as unknown[])[Number(item)])}, que não é um evento (eventos: ${EVENTOS.join(', ')})`;
});
const ativo = field<boolean>(bool, 'deve ser true ou false');

/** Kept in catalogue order, without repeats: "all of them" and "omitted" read back the same. */
function eventList(v: readonly string[] | undefined): EventName[] {
  return v === undefined ? [...EVENTOS] : EVENTOS.filter((e) => v.includes(e));
}

/** The URL rule (HTTPS, a public host) at the time of the request; DNS is asked. */
async function checkedUrl(v: string, d: RouteDeps): Promise<string> {
  const { allowPrivate, allowLoopback, resolve } = d.webhookUrls;
  try {
    return (await checkUrl(v.trim(), { allowPrivate, allowLoopback }, resolve)).href;
  } catch (err) {
    if (err instanceof BlockedUrlError)
      throw new ApiError(
        400,
        'Parâmetro inválido',
        `O campo url deve usar HTTPS e apontar para um host público: ${err.message}.`,
      );
    throw err;
  }
}

export function webhookView(w: WebhookRecord): Webhook {
  return {
    id: w.id,
    nome: w.nome,
    url: w.url,
    eventos: w.eventos,
    ativo: w.ativo,
    criado_em: w.criadoEm,
    atualizado_em: w.atualizadoEm,
    falhas_consecutivas: w.falhasConsecutivas,
    ultimo_sucesso_em: w.ultimoSucessoEm,
    desativado_em: w.desativadoEm,
    motivo_desativacao: w.motivoDesativacao,
  };
}

/** The delivery record (docs/webhooks.md). */
export function deliveryView(d: DeliveryRecord): Entrega {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    evento: d.evento,
    evento_id: d.eventoSeq,
    status: d.status,
    tentativas: d.tentativas,
    origem: d.origem,
    criada_em: d.criadaEm,
    entregue_em: d.entregueEm,
    proxima_tentativa_em:
      d.status === 'pendente' && d.proximaTentativaEm !== null ? isoWithOffset(d.proximaTentativaEm) : null,
    ultimo_status_code: d.ultimoStatusCode,
    ultimo_erro: d.ultimoErro,
    duracao_ms: d.duracaoMs,
  };
}

function limitError(auth: AuthContext, limit: number): ApiError {
  const plural = limit === 1 ? 'webhook ativo' : 'webhooks ativos';
  const upgrade =
    auth.plan === 'enterprise'
      ? 'fale com o suporte para ampliar o limite'
      : 'faça upgrade para o plano pro ou enterprise';
  return new ApiError(
    422,
    'Limite do plano',
    `O plano ${auth.plan} permite no máximo ${limit} ${plural}. Para criar outro, ${upgrade} ou desative um webhook existente.`,
  );
}

/** The caller's webhook `id` (webhooks due to be reactivated are first). */
async function owned(
  ctx: ApiContext,
  d: RouteDeps,
  id: number,
): Promise<{ auth: AuthContext; webhook: WebhookRecord }> {
  const auth = authOf(ctx);
  const store = d.control.webhooks;
  await store.reactivateDue(d.clock.now());
  const webhook = await store.getWebhook(auth.accountId, id);
  if (!webhook) throw NOT_FOUND;
  return { auth, webhook };
}

/** A delivery of the caller's webhook, by the id sent in X-SVC-Entrega. */
async function ownedDelivery(
  ctx: ApiContext,
  d: RouteDeps,
  path: { id: number; entregaId: string },
): Promise<{ webhook: WebhookRecord; delivery: DeliveryRecord }> {
  const { webhook } = await owned(ctx, d, path.id);
  const [delivery] = await d.control.webhooks.findDeliveries([path.entregaId]);
  if (!delivery || delivery.webhookId !== webhook.id) throw DELIVERY_NOT_FOUND;
  return { webhook, delivery };
}

const limitOf = (d: RouteDeps, auth: AuthContext) => d.control.webhooks.accountLimits(auth.accountId, auth.plan);

/** Webhooks past the plan's limit of active ones are the plan's 422. */
async function withinLimit<T>(auth: AuthContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof WebhookLimitError) throw limitError(auth, err.limit);
    throw err;
  }
}

const tag = 'Webhooks';
const recurso = 'webhooks';
const webhook = { id: pathId('id do webhook') };
const delivery = { ...webhook, entregaId: pathText('id da entrega (o valor de X-SVC-Entrega)', 64) };

/** Webhook management; bodies per spec "Webhook" and docs/webhooks.md. */
export const WEBHOOK_ROUTES = [
  route({
    method: 'get',
    path: '/v1/webhooks',
    summary: 'Lista os webhooks da conta e o uso mensal de entregas',
    tag,
    recurso,
    response: {
      schema: list(
        ref(Webhook),
        obj({
          entregas_mes_usadas: int,
          entregas_mes_limite: nullable(int),
          entregas_referencia: { ...str, pattern: '^\\d{6}$' },
        }),
      ),
    },
    errors: [],
    async handler(ctx, _input, d) {
      const auth = authOf(ctx);
      const store = d.control.webhooks;
      const now = d.clock.now();
      await store.reactivateDue(now);
      const [webhooks, usadas, limits] = await Promise.all([
        store.listWebhooks(auth.accountId),
        store.monthlyUsage(auth.accountId, now),
        limitOf(d, auth),
      ]);
      ctx.json(
        200,
        {
          data: webhooks.map(webhookView),
          meta: {
            entregas_mes_usadas: usadas,
            entregas_mes_limite: limits.entregasMes,
            entregas_referencia: monthReference(now),
          },
        },
        NO_STORE,
      );
    },
  }),
  route({
    method: 'post',
    path: '/v1/webhooks',
    summary: 'Cria um webhook (o secret é exibido só nesta resposta)',
    tag,
    recurso,
    body: jsonObject({ nome, url, eventos }, { required: ['nome', 'url'] }),
    response: { status: 201, schema: obj({ data: ref(WebhookCriado), mensagem: str }) },
    errors: [400, 413, 415, 422],
    async handler(ctx, { body }, d) {
      const auth = authOf(ctx);
      const checked = await checkedUrl(body.url, d);
      const limit = (await limitOf(d, auth)).webhooksAtivos;
      const w = await withinLimit(auth, () =>
        d.control.webhooks.createWebhook(
          {
            contaId: auth.accountId,
            nome: body.nome.trim(),
            url: checked,
            eventos: eventList(body.eventos),
            secret: newSecret(randomBytes),
          },
          limit,
          d.clock.now(),
        ),
      );
      ctx.json(
        201,
        {
          data: { id: w.id, nome: w.nome, url: w.url, eventos: w.eventos, ativo: w.ativo, secret: w.secret },
          mensagem: SECRET_ONCE,
        },
        ['Location', `/v1/webhooks/${w.id}`, ...NO_STORE],
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/webhooks/{id}',
    summary: 'Um webhook',
    tag,
    recurso,
    params: webhook,
    response: { schema: one(ref(Webhook)) },
    errors: [400, 404],
    async handler(ctx, { path }, d) {
      const { webhook } = await owned(ctx, d, path.id);
      ctx.json(200, { data: webhookView(webhook) }, NO_STORE);
    },
  }),
  route({
    method: 'patch',
    path: '/v1/webhooks/{id}',
    summary: 'Altera nome, URL, eventos ou ativo',
    tag,
    recurso,
    params: webhook,
    body: jsonObject({ nome, url, eventos, ativo }, { atLeastOne: true }),
    response: { schema: one(ref(Webhook)) },
    errors: [400, 404, 413, 415, 422],
    async handler(ctx, { path, body }, d) {
      const { auth, webhook } = await owned(ctx, d, path.id);
      const patch = {
        nome: body.nome?.trim(),
        url: body.url === undefined ? undefined : await checkedUrl(body.url, d),
        eventos: body.eventos === undefined ? undefined : eventList(body.eventos),
        ativo: body.ativo,
      };
      const limit = (await limitOf(d, auth)).webhooksAtivos;
      const updated = await withinLimit(auth, () =>
        d.control.webhooks.updateWebhook(auth.accountId, webhook.id, patch, limit, d.clock.now()),
      );
      if (!updated) throw NOT_FOUND;
      ctx.json(200, { data: webhookView(updated) }, NO_STORE);
    },
  }),
  route({
    method: 'delete',
    path: '/v1/webhooks/{id}',
    summary: 'Remove um webhook',
    tag,
    recurso,
    params: webhook,
    response: { status: 204, schema: null },
    errors: [400, 404],
    async handler(ctx, { path }, d) {
      const { auth, webhook } = await owned(ctx, d, path.id);
      if (!(await d.control.webhooks.deleteWebhook(auth.accountId, webhook.id))) throw NOT_FOUND;
      ctx.send(204, []);
    },
  }),
  // Optional overlap (as Stripe and Svix do): the old secret keeps signing, in X-SVC-Assinatura-Anterior, so a
  // receiver can deploy the new one without dropping deliveries. Without a body: no overlap, as the spec shows.
  route({
    method: 'post',
    path: '/v1/webhooks/{id}/rotacionar-segredo',
    summary:
      'Gera um novo secret (exibido só nesta resposta). Com `sobreposicao_segundos` (até 7 dias) o secret anterior continua assinando cada entrega, em `X-SVC-Assinatura-Anterior`, até `secret_anterior_valido_ate`; sem corpo, ele deixa de valer na hora',
    tag,
    recurso,
    params: webhook,
    body: jsonObject(
      {
        sobreposicao_segundos: field<number>(
          { type: 'integer', minimum: 0, maximum: MAX_OVERLAP_S },
          `deve ser um inteiro de 0 a ${MAX_OVERLAP_S} (7 dias)`,
        ),
      },
      { optional: true },
    ),
    response: {
      schema: obj({
        data: obj({
          id: int,
          secret: str,
          secret_anterior_valido_ate: nullable(dateTime),
        }),
        mensagem: str,
      }),
    },
    errors: [400, 404, 413, 415],
    async handler(ctx, { path, body }, d) {
      const { auth, webhook } = await owned(ctx, d, path.id);
      const overlap = body?.sobreposicao_segundos ?? 0;
      const now = d.clock.now();
      const rotated = await d.control.webhooks.rotateSecret(
        auth.accountId,
        webhook.id,
        newSecret(randomBytes),
        now,
        overlap * 1000,
      );
      if (!rotated) throw NOT_FOUND;
      const until = new Date(now + overlap * 1000).toISOString();
      ctx.json(
        200,
        {
          data: { id: rotated.id, secret: rotated.secret, secret_anterior_valido_ate: overlap > 0 ? until : null },
          mensagem:
            overlap > 0
              ? `${SECRET_ONCE} Até ${until} cada entrega também é assinada com o secret anterior, em X-SVC-Assinatura-Anterior.`
              : `${SECRET_ONCE} O secret anterior deixou de valer.`,
        },
        NO_STORE,
      );
    },
  }),
  // With `evento`, the test carries that event's example payload (as Svix's "send example"); without, webhook.teste.
  route({
    method: 'post',
    path: '/v1/webhooks/{id}/testar',
    summary:
      'Enfileira uma entrega de teste: `webhook.teste`, ou com `evento` uma entrega desse evento com o payload de exemplo desta documentação',
    tag,
    recurso,
    params: webhook,
    body: jsonObject(
      { evento: field<EventName>(enumOf(EVENTOS), `deve ser um destes: ${EVENTOS.join(', ')}`) },
      { optional: true },
    ),
    response: { status: 202, schema: obj({ data: ref(Entrega), mensagem: str }) },
    errors: [400, 404, 413, 415],
    async handler(ctx, { path, body }, d) {
      const { webhook } = await owned(ctx, d, path.id);
      const evento = body?.evento;
      const store = d.control.webhooks;
      // One test at a time per webhook: many tests to a receiver that never answers held the delivery pool.
      if (await store.hasPendingTest(webhook.id)) throw testPending(webhook.id);
      const now = d.clock.now();
      const corpo =
        evento === undefined
          ? JSON.stringify({
              evento: 'webhook.teste',
              gerado_em: isoWithOffset(now),
              dados: { webhook_id: webhook.id, mensagem: 'Entrega de teste do svc' },
            })
          : exampleBody(evento, now);
      const queued = await store.enqueueDelivery(webhook, evento ?? 'webhook.teste', corpo, 'teste', now);
      ctx.json(
        202,
        { data: deliveryView(queued), mensagem: TEST_QUEUED.replace('{id}', String(webhook.id)) },
        NO_STORE,
      );
    },
  }),
  // Paged as the spec pages matches (pagina, por_pagina; meta with total and ultima_pagina), newest first.
  route({
    method: 'get',
    path: '/v1/webhooks/{id}/entregas',
    summary: 'Histórico de entregas, das mais recentes às mais antigas (inclui descartadas), paginado',
    tag,
    recurso,
    params: webhook,
    query: {
      status: queryEnum('Só entregas com este status', DELIVERY_STATUSES),
      evento: queryEnum('Só entregas deste evento', DELIVERY_EVENTS),
      entrega: queryDeliveryId('id da entrega (X-SVC-Entrega) ou o começo dele'),
      pagina: queryInt('Página (padrão 1)', 1, MAX_PAGINA, 1),
      por_pagina: queryInt(`Entregas por página (padrão ${DEFAULT_POR_PAGINA})`, 1, MAX_POR_PAGINA, DEFAULT_POR_PAGINA),
    },
    response: {
      schema: list(
        ref(Entrega),
        obj({ webhook_id: int, total: int, por_pagina: int, pagina_atual: int, ultima_pagina: int }),
      ),
    },
    errors: [400, 404],
    async handler(ctx, { path, query }, d) {
      const { webhook } = await owned(ctx, d, path.id);
      const store = d.control.webhooks;
      const filter = { status: query.status, evento: query.evento, idPrefix: query.entrega };
      const { pagina, por_pagina: porPagina } = query;
      const [rows, total] = await Promise.all([
        store.listDeliveries(webhook.id, porPagina, filter, (pagina - 1) * porPagina),
        store.countDeliveries(webhook.id, filter),
      ]);
      ctx.json(
        200,
        {
          data: rows.map(deliveryView),
          meta: {
            webhook_id: webhook.id,
            total,
            por_pagina: porPagina,
            pagina_atual: pagina,
            ultima_pagina: Math.max(1, Math.ceil(total / porPagina)),
          },
        },
        NO_STORE,
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/webhooks/{id}/entregas/{entregaId}',
    summary: 'Uma entrega, com o corpo assinado',
    tag,
    recurso,
    params: delivery,
    response: { schema: one(ref(EntregaDetalhe)) },
    errors: [400, 404],
    async handler(ctx, { path }, d) {
      const { delivery } = await ownedDelivery(ctx, d, path);
      const attempts = await d.control.webhooks.listAttempts(delivery.id);
      ctx.json(
        200,
        {
          data: {
            ...deliveryView(delivery),
            corpo: delivery.corpo,
            // Where an attempt went is left out: a `svc replay --to` may have sent it to an operator's own address.
            historico: attempts.map((a) => ({
              numero: a.numero,
              origem: a.origem,
              iniciada_em: a.iniciadaEm,
              status_code: a.statusCode,
              erro: a.erro,
              duracao_ms: a.duracaoMs,
              resposta: a.resposta,
              cabecalhos: a.cabecalhos,
            })),
          },
        },
        NO_STORE,
      );
    },
  }),
  // Recover (as Svix's): after re-enabling, every event delivery that failed or was discarded since a time goes
  // back to the queue, same ids and bodies.
  route({
    method: 'post',
    path: '/v1/webhooks/{id}/entregas/reenviar',
    summary:
      'Reenfileira todas as entregas de eventos que falharam ou foram descartadas desde `desde` (depois de reativar um webhook): mesmos `X-SVC-Entrega` e corpos, assinatura nova, contadas como qualquer entrega (409 se o webhook está desativado)',
    tag,
    recurso,
    params: webhook,
    query: { desde: queryInstant('Data e hora ISO 8601 com fuso: entregas criadas a partir dela') },
    response: {
      status: 202,
      schema: obj({ data: obj({ webhook_id: int, desde: str, reenfileiradas: int }), mensagem: str }),
    },
    errors: [400, 404, 409],
    async handler(ctx, { path, query: { desde } }, d) {
      const { webhook } = await owned(ctx, d, path.id);
      if (!webhook.ativo) throw DEACTIVATED;
      const n = await d.control.webhooks.requeueUndeliveredSince(webhook.id, desde, d.clock.now());
      ctx.json(
        202,
        {
          data: { webhook_id: webhook.id, desde, reenfileiradas: n },
          mensagem: `${n} entrega(s) que falharam ou foram descartadas desde ${desde} voltaram para a fila, com os mesmos X-SVC-Entrega e corpos.`,
        },
        NO_STORE,
      );
    },
  }),
  // Queued for the delivery daemon rather than sent here, so a resend goes through what every delivery
  // does: the monthly quota (event deliveries), the URL check at connect time, retries, the failure count.
  route({
    method: 'post',
    path: '/v1/webhooks/{id}/entregas/{entregaId}/reenviar',
    summary:
      'Reenfileira uma entrega concluída: mesmo `X-SVC-Entrega` e corpo, assinatura nova, contada como qualquer entrega (409 se ainda pendente, ou se o webhook está desativado e a entrega é de um evento)',
    tag,
    recurso,
    params: delivery,
    response: { status: 202, schema: obj({ data: ref(Entrega), mensagem: str }) },
    errors: [400, 404, 409],
    async handler(ctx, { path }, d) {
      const { webhook, delivery } = await ownedDelivery(ctx, d, path);
      if (delivery.status === 'pendente') throw STILL_PENDING;
      if (!webhook.ativo && delivery.origem === 'automatica') throw DEACTIVATED;
      const requeued = await d.control.webhooks.requeueDelivery(delivery.id, d.clock.now());
      if (!requeued) throw STILL_PENDING;
      ctx.json(
        202,
        { data: deliveryView(requeued), mensagem: RESEND_QUEUED.replace('{id}', String(webhook.id)) },
        NO_STORE,
      );
    },
  }),
];
