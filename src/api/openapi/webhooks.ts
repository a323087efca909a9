import { EVENTOS } from '../../webhooks/catalog.js';
import { arrayOf, bool, enumOf, int, nullable, obj, ref, str, type Schema } from './json-schema.js';

/**
 * OpenAPI pieces of the webhook management endpoints: component schemas and path items (with request
 * bodies and every status), merged by the document builder into `components.schemas` and `paths`.
 */

const evento = enumOf(EVENTOS);
const eventos: Schema = { ...arrayOf(evento), minItems: 1, description: 'Omitido (ou com todos os eventos) = o catálogo inteiro.' };
const isoTime: Schema = { type: 'string', format: 'date-time' };
const nIso = nullable(isoTime);
const url: Schema = { type: 'string', format: 'uri', maxLength: 2048, description: 'HTTPS e host público' };
const nome: Schema = { type: 'string', minLength: 1, maxLength: 100 };

export const WEBHOOK_SCHEMAS: Record<string, Schema> = {
  WebhookCriado: obj({ id: int, nome: str, url: str, eventos: arrayOf(evento), ativo: bool, secret: str }),
  Webhook: {
    ...obj({
      id: int,
      nome: str,
      url: str,
      eventos: arrayOf(evento),
      ativo: bool,
      criado_em: isoTime,
      atualizado_em: isoTime,
      falhas_consecutivas: int,
      ultimo_sucesso_em: nIso,
      desativado_em: nIso,
      motivo_desativacao: nullable(str),
    }),
    description: 'Registro de um webhook (o secret só aparece na criação e na rotação).',
  },
  Entrega: {
    ...obj({
      id: str,
      webhook_id: int,
      evento: str,
      evento_id: nullable(int),
      status: enumOf(['pendente', 'entregue', 'falhou', 'descartada']),
      tentativas: int,
      origem: enumOf(['automatica', 'teste', 'replay']),
      criada_em: isoTime,
      entregue_em: nIso,
      proxima_tentativa_em: nIso,
      ultimo_status_code: nullable(int),
      ultimo_erro: nullable(str),
      duracao_ms: nullable(int),
    }),
    description: '`id` é o valor de X-SVC-Entrega. `descartada` com `ultimo_erro` "Cota mensal de entregas excedida" quando a cota do mês acabou.',
  },
  WebhookCriacao: obj({ nome, url, eventos }, ['eventos']),
  WebhookAlteracao: { ...obj({ nome, url, eventos, ativo: bool }, ['nome', 'url', 'eventos', 'ativo']), minProperties: 1 },
};

const idParam = { name: 'id', in: 'path', required: true, description: 'id do webhook', schema: { type: 'integer', minimum: 1 } };
const json = (schema: Schema) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Erro')) });
const COMMON = {
  401: error('Não autorizado: API Key inválida ou inativa'),
  403: error('Plano insuficiente'),
  429: error('Limite de requisições (cota normal de requisições da chave)'),
};
const NOT_FOUND = { 404: error('Não encontrado: webhook inexistente ou de outra conta') };
const BAD = { 400: error('Parâmetro inválido (nomeia o campo e o que é aceito), JSON inválido') };
const LIMIT = { 422: error('Limite do plano: `mensagem` diz o máximo de webhooks ativos do plano e sugere upgrade ou desativar um') };

function op(operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { operationId, summary, tags: ['Webhooks'], security: [{ apiKey: [] }], ...extra, responses: { ...responses, ...COMMON } };
}

export const WEBHOOK_PATHS: Record<string, Record<string, unknown>> = {
  '/v1/webhooks': {
    get: op('listWebhooks', 'Lista os webhooks da conta, com o consumo mensal de entregas', {
      200: {
        description: 'OK',
        content: json(obj({
          data: arrayOf(ref('Webhook')),
          meta: obj({ entregas_mes_usadas: int, entregas_mes_limite: nullable(int), entregas_referencia: { type: 'string', pattern: '^\\d{6}$' } }),
        })),
      },
    }),
    post: op(
      'createWebhook',
      'Cria um webhook; o secret é exibido só nesta resposta',
      { 201: { description: 'Criado', content: json(obj({ data: ref('WebhookCriado'), mensagem: str })) }, ...BAD, ...LIMIT },
      { requestBody: { required: true, content: json(ref('WebhookCriacao')) } },
    ),
  },
  '/v1/webhooks/{id}': {
    get: op('getWebhook', 'Detalhe de um webhook', { 200: { description: 'OK', content: json(obj({ data: ref('Webhook') })) }, ...BAD, ...NOT_FOUND }, { parameters: [idParam] }),
    patch: op(
      'updateWebhook',
      'Altera URL, eventos, nome ou ativo; trocar a URL zera o histórico de falhas; ativo true encerra uma desativação',
      { 200: { description: 'OK', content: json(obj({ data: ref('Webhook') })) }, ...BAD, ...NOT_FOUND, ...LIMIT },
      { parameters: [idParam], requestBody: { required: true, content: json(ref('WebhookAlteracao')) } },
    ),
    delete: op('deleteWebhook', 'Remove um webhook (e seu histórico de entregas)', { 204: { description: 'Removido' }, ...BAD, ...NOT_FOUND }, { parameters: [idParam] }),
  },
  '/v1/webhooks/{id}/rotacionar-segredo': {
    post: op(
      'rotateWebhookSecret',
      'Gera um novo secret (exibido só nesta resposta); o anterior deixa de valer',
      { 200: { description: 'OK', content: json(obj({ data: obj({ id: int, secret: str }), mensagem: str })) }, ...BAD, ...NOT_FOUND },
      { parameters: [idParam] },
    ),
  },
  '/v1/webhooks/{id}/testar': {
    post: op(
      'testWebhook',
      'Enfileira uma entrega de teste (evento `webhook.teste`, origem `teste`)',
      { 202: { description: 'Enfileirada', content: json(obj({ data: ref('Entrega'), mensagem: str })) }, ...BAD, ...NOT_FOUND },
      { parameters: [idParam] },
    ),
  },
  '/v1/webhooks/{id}/entregas': {
    get: op(
      'listWebhookDeliveries',
      'Histórico recente de entregas, inclusive descartadas (mais recentes primeiro)',
      { 200: { description: 'OK', content: json(obj({ data: arrayOf(ref('Entrega')), meta: obj({ webhook_id: int, total: int }) })) }, ...BAD, ...NOT_FOUND },
      {
        parameters: [
          idParam,
          { name: 'status', in: 'query', required: false, description: 'Só entregas neste status', schema: enumOf(['pendente', 'entregue', 'falhou', 'descartada']) },
          { name: 'limite', in: 'query', required: false, description: 'Quantas (padrão 50)', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
        ],
      },
    ),
  },
};
