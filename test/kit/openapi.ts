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

/** Asserts `body` is what the OpenAPI document promises for `METHOD template` answered with `status`. */
export function assertOpenApi(template: string, status: number, body: unknown, method = 'get'): void {
  const ref = `openapi#/${pointer('paths', template, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  let validate = cache.get(ref);
  if (!validate) {
    const found = ajv.getSchema(ref);
    assert.ok(found, `OpenAPI has no ${status} response schema for ${method.toUpperCase()} ${template}`);
    validate = found;
    cache.set(ref, validate);
  }
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
