/** The one OpenAPI assertion: a response, a webhook payload or a management answer against the published document. */
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApi } from '../../src/api/openapi/document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const OPENAPI = buildOpenApi();
// strict: false only because an OpenAPI document has keywords ajv does not know (openapi, paths, ...);
// the schemas themselves are plain draft 2020-12.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(OPENAPI, 'openapi');

const cache = new Map<string, ValidateFunction>();

function pointer(...parts: string[]): string {
  return parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

/** The compiled schema of `METHOD template`'s `status` JSON response (cached). */
function responseSchema(template: string, status: number, method: string): ValidateFunction {
  const ref = `openapi#/${pointer('paths', template, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  let validate = cache.get(ref);
  if (!validate) {
    const found = ajv.getSchema(ref);
    assert.ok(found, `OpenAPI has no ${status} response schema for ${method.toUpperCase()} ${template}`);
    validate = found;
    cache.set(ref, validate);
  }
  return validate;
}

/** Asserts `body` is what the OpenAPI document promises for `METHOD template` answered with `status`. */
export function assertOpenApi(template: string, status: number, body: unknown, method = 'get'): void {
  const validate = responseSchema(template, status, method);
  const ok = validate(body);
  assert.ok(
    ok,
    `${method.toUpperCase()} ${template} ${status} does not match the OpenAPI schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  );
}

/** Asserts `body` (a webhook delivery's or a stream event's) is what the OpenAPI `webhooks` section promises for `evento`. */
export function assertWebhookPayload(evento: string, body: unknown): void {
  const ref = `openapi#/${pointer('webhooks', evento, 'post', 'requestBody', 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  assert.ok(validate, `OpenAPI has no webhooks entry for ${evento}`);
  assert.ok(
    validate(body),
    `${evento} does not match the OpenAPI webhooks schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  );
}

/**
 * Asserts a webhook management answer (`METHOD path`, a concrete path) is what the OpenAPI promises: the status is
 * documented and the body matches. Paths outside /v1/webhooks, or that 404 before routing, are not checked.
 */
export function assertWebhookOpenApi(method: string, path: string, status: number, body: unknown): void {
  const template =
    path
      .split('?')[0]
      ?.replace(/\/\d+(?=\/|$)/, '/{id}')
      .replace(/\/entregas\/[^/]+/, '/entregas/{entregaId}') ?? path;
  if (!template.startsWith('/v1/webhooks')) return;
  const paths = (OPENAPI as { paths: Record<string, Record<string, unknown>> }).paths;
  const op = paths[template]?.[method.toLowerCase()] as
    | { responses: Record<string, { content?: unknown }> }
    | undefined;
  if (!op) return;
  const response = op.responses[String(status)];
  assert.ok(response, `${method} ${template}: status ${status} is not documented`);
  if (!response.content) {
    assert.equal(body, null, `${method} ${template} ${status} documents no body`);
    return;
  }
  assertOpenApi(template, status, body, method.toLowerCase());
}
