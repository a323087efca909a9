import { systemClock, type Clock } from '../../clock.js';
import { randomBytes } from 'node:crypto';
import type { ControlPlane } from '../../control/control-plane.js';
import { WebhookLimitError, type DeliveryRecord, type WebhookRecord } from '../../control/webhooks/records.js';
import { EVENTOS, isEventName, type EventName } from '../../domain/events.js';
import { DELIVERY_STATUSES, monthReference } from '../../domain/webhooks.js';
import { newSecret } from '../../webhooks/signing.js';
import { BlockedUrlError, checkUrl, systemResolver, type Resolver } from '../../webhooks/url-guard.js';
import type { AuthContext } from '../auth-context.js';
import { ApiError } from '../errors.js';
import { authOf } from '../middleware/auth.js';
import type { Guard } from '../middleware/admission.js';
import { invalid, pathId, queryEnum, queryInstant, queryInt, queryOne } from '../params.js';
import { MAX_PAGINA } from './campeonatos.js';
import type { ApiContext, ApiRouter } from '../state.js';
import { isoWithOffset } from '../../time.js';
import { jsonBody } from '../middleware/json-body.js';
import { exampleBody } from '../openapi/event-examples.js';

export interface WebhookRoutesOptions {
  control: ControlPlane;
  /** The key, quota and plan checks of authenticated routes (createApp's). */
  guard: Guard;
  /** Local development only (`svc serve --allow-private-urls`); default false. */
  allowPrivateUrls?: boolean;
  /** Receivers on this machine only, plain HTTP allowed (`svc demo`'s sandbox). */
  allowLoopbackUrls?: boolean;
  /** DNS resolution for the URL rule (tests give a fixed answer; no network). */
  resolve?: Resolver;
  clock?: Clock;
}

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

/** `entrega`: a delivery id or a start of one (hex digits and dashes, as X-SVC-Entrega). */
function queryDeliveryId(ctx: ApiContext): string | undefined {
  const raw = queryOne(ctx, 'entrega')?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (!/^[0-9a-f-]{1,64}$/.test(raw))
    throw invalid(
      'entrega',
      'deve ser o id de uma entrega (X-SVC-Entrega) ou o começo dele: dígitos hexadecimais e hífens',
    );
  return raw;
}

function invalidField(field: string, what: string): ApiError {
  return new ApiError(400, 'Parâmetro inválido', `O campo ${field} ${what}.`);
}

/** The webhook record (docs/webhooks.md): creation fields minus the secret, plus its state. */
export function webhookView(w: WebhookRecord) {
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
export function deliveryView(d: DeliveryRecord) {
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

function bodyObject(ctx: ApiContext, allowed: readonly string[]): Record<string, unknown> {
  const body = ctx.state.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(
      400,
      'Parâmetro inválido',
      `O corpo deve ser um objeto JSON com os campos: ${allowed.join(', ')}.`,
    );
  }
  for (const key of Object.keys(body))
    if (!allowed.includes(key)) throw invalidField(key, `não é aceito (campos: ${allowed.join(', ')})`);
  return body as Record<string, unknown>;
}

/** Longest overlap of a secret rotation: a week. */
const MAX_OVERLAP_S = 7 * 24 * 3600;

function parseOverlap(v: unknown): number {
  if (v === undefined) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_OVERLAP_S) {
    throw invalidField('sobreposicao_segundos', `deve ser um inteiro de 0 a ${MAX_OVERLAP_S} (7 dias)`);
  }
  return v;
}

function parseNome(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '' || v.length > MAX_NOME)
    throw invalidField('nome', `deve ser um texto de 1 a ${MAX_NOME} caracteres`);
  return v.trim();
}

function parseEventos(v: unknown): EventName[] {
  if (v === undefined) return [...EVENTOS];
  if (!Array.isArray(v) || v.length === 0)
    throw invalidField('eventos', 'deve ser uma lista não vazia de nomes de eventos');
  const unknown = v.find((e) => !isEventName(e));
  if (unknown !== undefined)
    throw invalidField(
      'eventos',
      `contém ${JSON.stringify(unknown)}, que não é um evento (eventos: ${EVENTOS.join(', ')})`,
    );
  // Kept in catalogue order, without repeats: "all of them" and "omitted" read back the same.
  return EVENTOS.filter((e) => (v as unknown[]).includes(e));
}

/** Registers the ten webhook management routes on the authenticated `/v1` router. */
export function registerWebhookRoutes(router: ApiRouter, o: WebhookRoutesOptions): void {
  const store = o.control.webhooks;
  const clock = o.clock ?? systemClock;
  const guard = { allowPrivate: o.allowPrivateUrls ?? false, allowLoopback: o.allowLoopbackUrls ?? false };
  const resolve = o.resolve ?? systemResolver;
  // In front of each route's own middleware (a JSON body is read only once the key and plan are checked).
  const access = o.guard('webhooks', (_ctx, next) => next());

  async function parseUrl(v: unknown): Promise<string> {
    if (typeof v !== 'string' || v.length > MAX_URL)
      throw invalidField('url', `deve ser uma URL HTTPS de até ${MAX_URL} caracteres`);
    try {
      return (await checkUrl(v.trim(), guard, resolve)).href;
    } catch (err) {
      if (err instanceof BlockedUrlError)
        throw invalidField('url', `deve usar HTTPS e apontar para um host público: ${err.message}`);
      throw err;
    }
  }

  async function owned(ctx: ApiContext): Promise<{ auth: AuthContext; webhook: WebhookRecord }> {
    const auth = authOf(ctx);
    await store.reactivateDue(clock.now());
    const webhook = await store.getWebhook(auth.accountId, pathId(ctx, 'id'));
    if (!webhook) throw NOT_FOUND;
    return { auth, webhook };
  }

  const limitOf = (auth: AuthContext) => store.accountLimits(auth.accountId, auth.plan);

  router.get('/v1/webhooks', access, async (ctx) => {
    const auth = authOf(ctx);
    const now = clock.now();
    await store.reactivateDue(now);
    const [webhooks, usadas, limits] = await Promise.all([
      store.listWebhooks(auth.accountId),
      store.monthlyUsage(auth.accountId, now),
      limitOf(auth),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: webhooks.map(webhookView),
      meta: {
        entregas_mes_usadas: usadas,
        entregas_mes_limite: limits.entregasMes,
        entregas_referencia: monthReference(now),
      },
    };
  });

  router.post('/v1/webhooks', access, jsonBody(), async (ctx) => {
    const auth = authOf(ctx);
    const body = bodyObject(ctx, ['nome', 'url', 'eventos']);
    const nome = parseNome(body.nome);
    const url = await parseUrl(body.url);
    const eventos = parseEventos(body.eventos);
    const limit = (await limitOf(auth)).webhooksAtivos;
    let w: WebhookRecord;
    try {
      w = await store.createWebhook(
        { contaId: auth.accountId, nome, url, eventos, secret: newSecret(randomBytes) },
        limit,
        clock.now(),
      );
    } catch (err) {
      if (err instanceof WebhookLimitError) throw limitError(auth, err.limit);
      throw err;
    }
    ctx.status = 201;
    ctx.set('Location', `/v1/webhooks/${w.id}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: { id: w.id, nome: w.nome, url: w.url, eventos: w.eventos, ativo: w.ativo, secret: w.secret },
      mensagem: SECRET_ONCE,
    };
  });

  router.get('/v1/webhooks/:id', access, async (ctx) => {
    const { webhook } = await owned(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: webhookView(webhook) };
  });

  router.patch('/v1/webhooks/:id', access, jsonBody(), async (ctx) => {
    const { auth, webhook } = await owned(ctx);
    const body = bodyObject(ctx, ['nome', 'url', 'eventos', 'ativo']);
    if (Object.keys(body).length === 0)
      throw new ApiError(400, 'Parâmetro inválido', 'Informe ao menos um dos campos: nome, url, eventos, ativo.');
    if (body.ativo !== undefined && typeof body.ativo !== 'boolean')
      throw invalidField('ativo', 'deve ser true ou false');
    const patch = {
      nome: body.nome === undefined ? undefined : parseNome(body.nome),
      url: body.url === undefined ? undefined : await parseUrl(body.url),
      eventos: body.eventos === undefined ? undefined : parseEventos(body.eventos),
      ativo: body.ativo as boolean | undefined,
    };
    let updated: WebhookRecord | null;
    try {
      const limit = (await limitOf(auth)).webhooksAtivos;
      updated = await store.updateWebhook(auth.accountId, webhook.id, patch, limit, clock.now());
    } catch (err) {
      if (err instanceof WebhookLimitError) throw limitError(auth, err.limit);
      throw err;
    }
    if (!updated) throw NOT_FOUND;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: webhookView(updated) };
  });

  router.delete('/v1/webhooks/:id', access, async (ctx) => {
    const { auth, webhook } = await owned(ctx);
    if (!(await store.deleteWebhook(auth.accountId, webhook.id))) throw NOT_FOUND;
    ctx.status = 204;
  });

  // Optional overlap (as Stripe and Svix do): the old secret keeps signing, in X-SVC-Assinatura-Anterior, so a
  // receiver can deploy the new one without dropping deliveries. Without a body: no overlap, as the spec shows.
  router.post('/v1/webhooks/:id/rotacionar-segredo', access, jsonBody(), async (ctx) => {
    const { auth, webhook } = await owned(ctx);
    const overlap =
      ctx.state.body === undefined ? 0 : parseOverlap(bodyObject(ctx, ['sobreposicao_segundos']).sobreposicao_segundos);
    const now = clock.now();
    const rotated = await store.rotateSecret(auth.accountId, webhook.id, newSecret(randomBytes), now, overlap * 1000);
    if (!rotated) throw NOT_FOUND;
    ctx.set('Cache-Control', 'no-store');
    const until = new Date(now + overlap * 1000).toISOString();
    ctx.body = {
      data: { id: rotated.id, secret: rotated.secret, secret_anterior_valido_ate: overlap > 0 ? until : null },
      mensagem:
        overlap > 0
          ? `${SECRET_ONCE} Até ${until} cada entrega também é assinada com o secret anterior, em X-SVC-Assinatura-Anterior.`
          : `${SECRET_ONCE} O secret anterior deixou de valer.`,
    };
  });

  // With `evento`, the test carries that event's example payload (as Svix's "send example"); without, webhook.teste.
  router.post('/v1/webhooks/:id/testar', access, jsonBody(), async (ctx) => {
    const { webhook } = await owned(ctx);
    const evento = ctx.state.body === undefined ? undefined : bodyObject(ctx, ['evento']).evento;
    if (evento !== undefined && !isEventName(evento))
      throw invalidField('evento', `deve ser um destes: ${EVENTOS.join(', ')}`);
    // One test at a time per webhook: many tests to a receiver that never answers held the delivery pool.
    if (await store.hasPendingTest(webhook.id)) throw testPending(webhook.id);
    const now = clock.now();
    const corpo =
      evento === undefined
        ? JSON.stringify({
            evento: 'webhook.teste',
            gerado_em: isoWithOffset(now),
            dados: { webhook_id: webhook.id, mensagem: 'Entrega de teste do svc' },
          })
        : exampleBody(evento, now);
    const d = await store.enqueueDelivery(webhook, evento ?? 'webhook.teste', corpo, 'teste', now);
    ctx.status = 202;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: deliveryView(d), mensagem: TEST_QUEUED.replace('{id}', String(webhook.id)) };
  });

  /** A delivery of the caller's webhook, by the id sent in X-SVC-Entrega. */
  async function ownedDelivery(ctx: ApiContext): Promise<{ webhook: WebhookRecord; delivery: DeliveryRecord }> {
    const { webhook } = await owned(ctx);
    const [delivery] = await store.findDeliveries([String(ctx.params.entregaId)]);
    if (!delivery || delivery.webhookId !== webhook.id) throw DELIVERY_NOT_FOUND;
    return { webhook, delivery };
  }

  router.get('/v1/webhooks/:id/entregas/:entregaId', access, async (ctx) => {
    const { delivery } = await ownedDelivery(ctx);
    const attempts = await store.listAttempts(delivery.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
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
    };
  });

  // Recover (as Svix's): after re-enabling, every event delivery that failed or was discarded since a time goes
  // back to the queue, same ids and bodies. Registered before the single resend, whose path it would not match anyway.
  router.post('/v1/webhooks/:id/entregas/reenviar', access, async (ctx) => {
    const { webhook } = await owned(ctx);
    const desde = queryInstant(ctx, 'desde');
    if (!webhook.ativo) throw DEACTIVATED;
    const n = await store.requeueUndeliveredSince(webhook.id, desde, clock.now());
    ctx.status = 202;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: { webhook_id: webhook.id, desde, reenfileiradas: n },
      mensagem: `${n} entrega(s) que falharam ou foram descartadas desde ${desde} voltaram para a fila, com os mesmos X-SVC-Entrega e corpos.`,
    };
  });

  // Queued for the delivery daemon rather than sent here, so a resend goes through what every delivery
  // does: the monthly quota (event deliveries), the URL check at connect time, retries, the failure count.
  router.post('/v1/webhooks/:id/entregas/:entregaId/reenviar', access, async (ctx) => {
    const { webhook, delivery } = await ownedDelivery(ctx);
    if (delivery.status === 'pendente') throw STILL_PENDING;
    if (!webhook.ativo && delivery.origem === 'automatica') throw DEACTIVATED;
    const requeued = await store.requeueDelivery(delivery.id, clock.now());
    if (!requeued) throw STILL_PENDING;
    ctx.status = 202;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: deliveryView(requeued), mensagem: RESEND_QUEUED.replace('{id}', String(webhook.id)) };
  });

  // Paged as the spec pages matches (pagina, por_pagina; meta with total and ultima_pagina), newest first.
  router.get('/v1/webhooks/:id/entregas', access, async (ctx) => {
    const { webhook } = await owned(ctx);
    const filter = {
      status: queryEnum(ctx, 'status', DELIVERY_STATUSES),
      evento: queryEnum(ctx, 'evento', DELIVERY_EVENTS),
      idPrefix: queryDeliveryId(ctx),
    };
    const pagina = queryInt(ctx, 'pagina', 1, MAX_PAGINA, 1);
    const porPagina = queryInt(ctx, 'por_pagina', 1, MAX_POR_PAGINA, DEFAULT_POR_PAGINA);
    const [rows, total] = await Promise.all([
      store.listDeliveries(webhook.id, porPagina, filter, (pagina - 1) * porPagina),
      store.countDeliveries(webhook.id, filter),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: rows.map(deliveryView),
      meta: {
        webhook_id: webhook.id,
        total,
        por_pagina: porPagina,
        pagina_atual: pagina,
        ultima_pagina: Math.max(1, Math.ceil(total / porPagina)),
      },
    };
  });
}
