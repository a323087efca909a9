import { ERROS } from '../errors.js';
import { parametersOf, type Route, type Tag } from '../table/route.js';
import { ROUTES } from '../table/routes.js';
import { ref, type JsonSchema } from './json-schema.js';
import { SCHEMAS } from './schemas.js';
import { PAYLOAD_SCHEMAS, webhooksSection } from './webhook-payloads.js';

/** The OpenAPI 3.1 description of the API, generated from the route table (ROUTES) and SCHEMAS. */

/** Per status, the `erro` texts it may carry and when (from `ERROS`, the one list). */
const ERROR_RESPONSES: Record<number, string> = {};
for (const [erro, { status, quando }] of Object.entries(ERROS))
  ERROR_RESPONSES[status] = [ERROR_RESPONSES[status], `${erro}: ${quando}`].filter(Boolean).join(' | ');

/** Tag descriptions, in the order the docs page shows them. */
const TAGS: Record<Tag, string> = {
  Campeonatos:
    'Campeonatos, suas partidas, rodadas, fases, chaveamento, classificação, artilharia e cobertura de dados.',
  Partidas: 'Partidas ao vivo e, por partida, eventos, estatísticas e escalações.',
  'Times e jogadores': 'Busca de times e jogadores, elencos e o detalhe de um jogador.',
  Conta: 'Plano, limites e uso da chave que faz a requisição.',
  Webhooks: 'Cadastro de webhooks e histórico de entregas; os corpos dos eventos estão em `webhooks` deste documento.',
  Stream: 'Os mesmos eventos dos webhooks em tempo real, por Server-Sent Events, com retomada por Last-Event-ID.',
  Status: 'Versão, snapshot servido, liveness e readiness; sem chave.',
};

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });

const RATE_HEADERS = {
  'RateLimit-Limit': header('Requisições permitidas no período (dia UTC)', { type: 'integer' }),
  'RateLimit-Remaining': header('Requisições restantes no período', { type: 'integer' }),
  'RateLimit-Reset': header('Segundos até a renovação da cota (meia-noite UTC)', { type: 'integer' }),
};

function errorResponse(status: number) {
  return {
    description: ERROR_RESPONSES[status] ?? 'Erro',
    headers:
      status === 429
        ? { 'Retry-After': header('Segundos até poder tentar de novo', { type: 'integer' }), ...RATE_HEADERS }
        : undefined,
    content: { 'application/json': { schema: ref('Erro') } },
  };
}

function operation(e: Route) {
  const authed = e.recurso !== undefined;
  const asOf = e.asOf === true;
  const statuses = [
    ...new Set([...e.errors, ...(authed ? [401, 403, 429] : []), ...(asOf ? [400, 404] : []), 500]),
  ].sort((a, b) => a - b);
  const method = e.method;
  const cached = authed && method === 'get' && e.tag !== 'Webhooks' && e.response.mediaType === undefined;
  const ok = {
    description: 'OK',
    headers: authed
      ? {
          ...(cached
            ? { ETag: header('ETag forte do corpo'), 'Cache-Control': header('Tempo de cache (max-age)') }
            : {}),
          ...(asOf ? { 'X-Snapshot': header('Id do snapshot que serviu a resposta') } : {}),
          ...RATE_HEADERS,
        }
      : undefined,
    content:
      e.response.schema === null
        ? undefined
        : { [e.response.mediaType ?? 'application/json']: { schema: e.response.schema } },
  };
  return {
    summary: e.summary,
    operationId: operationId(method, e.path),
    tags: [e.tag],
    security: authed ? [{ apiKey: [] }] : [],
    parameters: parametersOf(e).map(({ name, param: p }) => ({
      name,
      in: p.in,
      required: p.required,
      description: p.description,
      schema: p.schema,
    })),
    ...(e.body
      ? {
          requestBody: {
            required: !e.body.optional,
            content: { 'application/json': { schema: e.body.schema } },
          },
        }
      : {}),
    responses: {
      [e.response.status ?? 200]: ok,
      ...(cached ? { 304: { description: 'Não modificado (If-None-Match igual ao ETag)' } } : {}),
      ...Object.fromEntries(statuses.map((s) => [s, errorResponse(s)])),
    },
  };
}

function operationId(method: string, path: string): string {
  return `${method}${path
    .split('/')
    .filter((s) => s && s !== 'v1')
    .map((s) => s.replace(/[{}]/g, '').replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase()))
    .join('')}`;
}

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of ROUTES) (paths[e.path] ??= {})[e.method] = operation(e);
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc — API de dados do futebol brasileiro',
      version: '1.0.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Campeonatos, fases, rodadas, partidas (ao vivo), eventos, escalações, estatísticas, classificação, artilharia, times e jogadores. ' +
        'Autenticação: `Authorization: Bearer <API_KEY>`. Campos, valores e erros em português, exatamente como na especificação.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { ...SCHEMAS, ...PAYLOAD_SCHEMAS },
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'API Key (svc_live_…)' } },
    },
  };
}
