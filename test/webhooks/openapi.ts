import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApi } from '../../src/api/openapi/document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
// The published OpenAPI document (strict: false for the OpenAPI keywords; the schemas are plain 2020-12).
const OPENAPI = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(OPENAPI, 'webhooks');
const cache = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** Asserts a webhook endpoint's response is what its OpenAPI description promises (status documented, body valid). */
export function assertWebhookOpenApi(method: string, path: string, status: number, body: unknown): void {
  const template =
    path
      .split('?')[0]
      ?.replace(/\/\d+(?=\/|$)/, '/{id}')
      .replace(/\/entregas\/[^/]+/, '/entregas/{entregaId}') ?? path;
  if (!template.startsWith('/v1/webhooks')) return;
  const op = OPENAPI.paths[template]?.[method.toLowerCase()] as
    | { responses: Record<string, { content?: unknown }> }
    | undefined;
  if (!op) return; // not a webhook route (e.g. a path that 404s before routing)
  const response = op.responses[String(status)];
  assert.ok(response, `${method} ${template}: status ${status} is not documented`);
  if (!response.content) {
    assert.equal(body, null, `${method} ${template} ${status} documents no body`);
    return;
  }
  const ref = `webhooks#/${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  let validate = cache.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    assert.ok(validate, `no schema at ${ref}`);
    cache.set(ref, validate);
  }
  assert.ok(
    validate(body),
    `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 400)}`,
  );
}
