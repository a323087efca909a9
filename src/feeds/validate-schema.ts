import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FeedIssue } from './errors.js';

/** How many issues a rejection reports (the issue asks for the first 20). */
export const MAX_ISSUES = 20;

export const FEED_SCHEMA_URL = new URL('./schema/svc-feed-1.schema.json', import.meta.url);

export function feedSchemaText(): string {
  return readFileSync(FEED_SCHEMA_URL, 'utf8');
}

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let compiled: ValidateFunction | undefined;

/** The published schema, compiled once per process (strict mode, all errors). */
function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    compiled = ajv.compile(JSON.parse(feedSchemaText()) as object);
  }
  return compiled;
}

/** Validates a parsed document against `svc-feed/1`; returns every issue, each with its JSON pointer. */
export function schemaIssues(file: string, document: unknown): FeedIssue[] {
  const validate = validator();
  if (validate(document)) return [];
  return dedupe(validate.errors ?? []).map((e) => ({ file, position: { pointer: e.instancePath }, reason: describe(e) }));
}

/**
 * `anyOf(X, null)` reports a failure per branch plus the anyOf itself; keep the branch that explains the
 * problem (drop the anyOf and the "should be null" noise) and each distinct message once.
 */
function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const distinct = new Map<string, ErrorObject>();
  for (const e of errors) {
    const key = `${e.instancePath}\u0000${e.keyword}\u0000${JSON.stringify(e.params)}`;
    if (e.keyword !== 'anyOf' && !distinct.has(key)) distinct.set(key, e);
  }
  const list = [...distinct.values()];
  const isNullNoise = (e: ErrorObject): boolean =>
    e.keyword === 'type' && e.params.type === 'null' && list.some((o) => o !== e && o.instancePath.startsWith(e.instancePath));
  return list.filter((e) => !isNullNoise(e));
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `campo obrigatório ausente: ${String(p.missingProperty)}`;
    case 'additionalProperties':
      return `campo desconhecido: ${String(p.additionalProperty)}`;
    case 'enum':
      return `valor não permitido; use um de: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `deve ser ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `tipo errado; esperado ${String(p.type)}`;
    case 'minimum':
      return `deve ser ≥ ${String(p.limit)}`;
    case 'maximum':
      return `deve ser ≤ ${String(p.limit)}`;
    case 'format':
      return `formato inválido; esperado ${p.format === 'date-time' ? 'data e hora ISO 8601 com fuso (ex.: 2019-04-27T16:00:00-03:00)' : p.format === 'date' ? 'data AAAA-MM-DD' : String(p.format)}`;
    case 'minLength':
      return 'não pode ser vazio';
    case 'maxLength':
      return `no máximo ${String(p.limit)} caracteres`;
    case 'pattern':
      return `formato inválido (padrão ${String(p.pattern)})`;
    default:
      return e.message ?? e.keyword;
  }
}
