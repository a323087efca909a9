import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { Feed } from './canonical.js';
import type { FeedIssue } from './errors.js';
import { above, below, notWebAddress, tooLong, tooMany, URL_PATTERN } from './limits.js';

/** How many issues a rejection reports (the issue asks for the first 20). */
export const MAX_ISSUES = 20;

export const FEED_SCHEMA_URL = new URL('./schema/svc-feed-1.schema.json', import.meta.url);

export function feedSchemaText(): string {
  return readFileSync(FEED_SCHEMA_URL, 'utf8');
}

// Ajv is loaded on first use (both packages are CommonJS): an ingest whose adapters build valid records
// (the CSV family) never needs it, and loading it is ~60 ms of the command's start-up.
const require = createRequire(import.meta.url);

interface FeedSchema {
  $id: string;
  properties: Record<string, { items?: { $ref?: string } }>;
}

let ajv: { instance: Ajv2020; schema: FeedSchema } | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The published schema in one Ajv (strict mode, all errors); a definition is compiled when first used. */
function feedAjv(): { instance: Ajv2020; schema: FeedSchema } {
  if (!ajv) {
    const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
    const instance = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(instance);
    // RFC 3339 allows a leap second (23:59:60), which no JavaScript Date reads: the loader would fail on it.
    const { fullFormats } = require('ajv-formats/dist/formats.js') as {
      fullFormats: Record<string, { validate: (s: string) => boolean }>;
    };
    const rfc3339 = fullFormats['date-time']?.validate as (s: string) => boolean;
    instance.addFormat('date-time', { type: 'string', validate: (s) => rfc3339(s) && !Number.isNaN(Date.parse(s)) });
    const schema = JSON.parse(feedSchemaText()) as FeedSchema;
    instance.addSchema(schema);
    ajv = { instance, schema };
  }
  return ajv;
}

/** The validator of the whole feed (`''`) or of one collection's records (`#/$defs/…` of its items), compiled once per process. */
function validator(collection: string): ValidateFunction {
  let validate = compiled.get(collection);
  if (!validate) {
    const { instance, schema } = feedAjv();
    const ref = collection === '' ? '' : schema.properties[collection]?.items?.$ref;
    if (ref === undefined) throw new Error(`coleção sem definição no schema: ${collection}`);
    validate = instance.getSchema(`${schema.$id}${ref}`) as ValidateFunction;
    compiled.set(collection, validate);
  }
  return validate;
}

/** Validates a parsed document against `svc-feed/1`; returns every issue, each with its JSON pointer. */
export function schemaIssues(file: string, document: unknown): FeedIssue[] {
  return issuesOf(file, validator(''), document, '');
}

/**
 * Validates only the records of the given collections against their definitions (pointers still from the
 * feed's root): for an adapter whose other collections are valid by construction, which spares compiling
 * and running the whole schema.
 */
export function collectionIssues(file: string, feed: Feed, collections: readonly (keyof Feed)[]): FeedIssue[] {
  const issues: FeedIssue[] = [];
  for (const collection of collections) {
    const records = (feed[collection] ?? []) as unknown[];
    records.forEach((record, i) =>
      issues.push(...issuesOf(file, validator(collection), record, `/${collection}/${i}`)),
    );
  }
  return issues;
}

function issuesOf(file: string, validate: ValidateFunction, value: unknown, at: string): FeedIssue[] {
  if (validate(value)) return [];
  return dedupe(validate.errors ?? []).map((e) => ({
    file,
    position: { pointer: `${at}${e.instancePath}` },
    reason: describe(e),
  }));
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
    e.keyword === 'type' &&
    e.params.type === 'null' &&
    list.some((o) => o !== e && o.instancePath.startsWith(e.instancePath));
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
      return below(Number(p.limit));
    case 'maximum':
      return above(Number(p.limit));
    case 'format':
      return `formato inválido; esperado ${p.format === 'date-time' ? 'data e hora ISO 8601 com fuso (ex.: 2019-04-27T16:00:00-03:00)' : p.format === 'date' ? 'data AAAA-MM-DD' : String(p.format)}`;
    case 'minLength':
      return 'não pode ser vazio';
    case 'maxLength':
      return tooLong(Number(p.limit));
    case 'maxItems':
      return tooMany(Number(p.limit));
    case 'pattern':
      if (p.pattern === URL_PATTERN) return notWebAddress;
      return `formato inválido (padrão ${String(p.pattern)})`;
    default:
      return e.message ?? e.keyword;
  }
}
