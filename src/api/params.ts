import { ApiError } from './errors.js';
import type { JsonSchema } from './openapi/json-schema.js';
import { parseSnapshotId } from '../warehouse/snapshot-id.js';

/**
 * Path, query and header parameters as the route table declares them: the documented JSON Schema, how the raw
 * text becomes the value the schema checks (digits become numbers, a search term is trimmed), and the `{erro,
 * mensagem}` a value the schema refuses gets. Each builder writes its limits once, into both.
 */
export interface Param<T> {
  in: 'path' | 'query' | 'header';
  description: string;
  schema: JsonSchema;
  required: boolean;
  /** The raw text as the value the schema checks; undefined = absent. */
  coerce(raw: string): unknown;
  /** The value a handler gets when the parameter is absent. */
  fallback?: T;
  /** What the checked value becomes for the handler (default: itself). */
  finish?(checked: unknown): T;
  /** The answer to a value the schema refused (`keyword`: the failed JSON Schema keyword, `required` when absent). */
  refuse(name: string, keyword: string): ApiError;
  /** Type only: what the handler gets. */
  readonly __value?: T;
}

export type AnyParam = Param<unknown>;
export type ParamValue<P> = P extends Param<infer T> ? T : never;

export function invalid(name: string, allowed: string): ApiError {
  return new ApiError(400, 'Parâmetro inválido', `O parâmetro ${name} ${allowed}.`);
}

const same = (raw: string): unknown => raw;
/** Digits only, at most `n`, as a number; anything else stays text, which `type: integer` refuses. */
const digits = (n: number) => {
  const re = new RegExp(`^\\d{1,${n}}$`);
  return (raw: string): unknown => (re.test(raw) ? Number(raw) : raw);
};

/** A path id: a positive integer. Too-large ids are valid syntax that can match nothing (→ 404 later). */
export function pathId(description: string): Param<number> {
  return {
    in: 'path',
    description,
    schema: { type: 'integer', minimum: 1 },
    required: true,
    coerce: digits(30),
    refuse: (name) => invalid(name, 'deve ser um número inteiro positivo'),
  };
}

/** A path segment taken as text (a delivery id). */
export function pathText(description: string, maxLength: number): Param<string> {
  return {
    in: 'path',
    description,
    schema: { type: 'string', maxLength },
    required: true,
    coerce: same,
    refuse: (name) => invalid(name, `deve ter no máximo ${maxLength} caracteres`),
  };
}

export function queryInt(description: string, min: number, max: number): Param<number | undefined>;
export function queryInt(description: string, min: number, max: number, fallback: number): Param<number>;
export function queryInt(description: string, min: number, max: number, fallback?: number): Param<number | undefined> {
  return {
    in: 'query',
    description,
    schema: { type: 'integer', minimum: min, maximum: max, ...(fallback === undefined ? {} : { default: fallback }) },
    required: false,
    fallback,
    coerce: digits(16),
    refuse: (name) => invalid(name, `deve ser um número inteiro entre ${min} e ${max}`),
  };
}

export function queryEnum<T extends string>(description: string, values: readonly T[]): Param<T | undefined> {
  return {
    in: 'query',
    description,
    schema: { type: 'string', enum: [...values] },
    required: false,
    coerce: same,
    refuse: (name) => invalid(name, `deve ser um destes valores: ${values.join(', ')}`),
  };
}

/** A calendar date `YYYY-MM-DD` (checked to exist: no 2025-02-30). */
export function queryDate(description: string): Param<string | undefined> {
  return {
    in: 'query',
    description,
    schema: { type: 'string', format: 'date' },
    required: false,
    coerce: same,
    refuse: (name) => invalid(name, 'deve ser uma data no formato AAAA-MM-DD'),
  };
}

/** Text matching `pattern`, refused with `allowed` ("O parâmetro x <allowed>."). */
export function queryPattern(description: string, pattern: string, allowed: string): Param<string | undefined> {
  return {
    in: 'query',
    description,
    schema: { type: 'string', pattern },
    required: false,
    coerce: same,
    refuse: (name) => invalid(name, allowed),
  };
}

export function queryText(description: string): Param<string | undefined> {
  const refuse = (name: string) => invalid(name, 'deve ser um texto');
  return { in: 'query', description, schema: { type: 'string' }, required: false, coerce: same, refuse };
}

/** The search term `q`: required, trimmed, 2 to 100 characters (spec: "Parâmetro obrigatório"). */
export function querySearch(description: string): Param<string> {
  const [min, max] = [2, 100];
  return {
    in: 'query',
    description,
    schema: { type: 'string', minLength: min, maxLength: max },
    required: true,
    coerce: (raw) => raw.trim(),
    refuse: (name, keyword) =>
      keyword === 'maxLength'
        ? invalid(name, `deve ter no máximo ${max} caracteres`)
        : new ApiError(
            400,
            'Parâmetro obrigatório',
            `Informe ao menos ${min} caracteres no parâmetro de busca ?${name}=.`,
          ),
  };
}

const INSTANT_EXAMPLE = 'data e hora ISO 8601 com fuso, ex. 2026-11-25T12:00:00Z';

/** A required instant: ISO 8601 with a time and an offset (`2026-11-25T12:00:00Z`), normalised to UTC. */
export function queryInstant(description: string): Param<string> {
  return {
    in: 'query',
    description,
    schema: { type: 'string', format: 'date-time' },
    required: true,
    coerce: same,
    finish: (checked) => new Date(Date.parse(checked as string)).toISOString(),
    refuse: (name, keyword) =>
      keyword === 'required'
        ? new ApiError(400, 'Parâmetro obrigatório', `Informe o parâmetro ${name} (${INSTANT_EXAMPLE}).`)
        : invalid(name, `deve ser uma ${INSTANT_EXAMPLE}`),
  };
}

/** What the `date-time` format accepts in a request: a time with or without seconds, and an offset. */
export function isInstant(raw: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) &&
    !Number.isNaN(Date.parse(raw))
  );
}

/** A delivery id or the start of one: hex digits and dashes, compared lower-case; empty = absent. */
export function queryDeliveryId(description: string): Param<string | undefined> {
  return {
    in: 'query',
    description,
    schema: { type: 'string', pattern: '^[0-9a-fA-F-]{1,64}$' },
    required: false,
    coerce: (raw) => raw.trim().toLowerCase() || undefined,
    refuse: (name) =>
      invalid(name, 'deve ser o id de uma entrega (X-SVC-Entrega) ou o começo dele: dígitos hexadecimais e hífens'),
  };
}

/** A request header the handler reads itself; declared for the documentation. */
export function header(description: string): Param<undefined> {
  const refuse = (name: string) => invalid(name, 'deve ser um texto');
  return { in: 'header', description, schema: { type: 'string' }, required: false, coerce: same, refuse };
}

/** `?snapshot=ID` of the routes that read as of a retained snapshot (`asOf`). */
export const SNAPSHOT_PARAM: Param<string | undefined> = {
  in: 'query',
  description:
    'Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404.',
  schema: { type: 'string', pattern: '^\\d{1,8}$' },
  required: false,
  coerce: (raw) => raw.trim(),
  finish: (checked) => parseSnapshotId(checked as string) ?? undefined,
  refuse: (name) => invalid(name, 'deve ser o id de um snapshot (até 8 dígitos)'),
};

/** Query parameters by name; a repeated name holds every value in order. */
export type Query = Map<string, string | string[]>;

/**
 * The query string as URLSearchParams parses it (repeated names as arrays). Without `%` or `+` nothing needs
 * decoding, so it is split directly — several times faster than URLSearchParams, which is a noticeable part
 * of a cached response's cost.
 */
export function parseQuery(querystring: string): Query {
  const q: Query = new Map();
  if (querystring === '') return q;
  if (/[%+]/.test(querystring)) {
    for (const [name, value] of new URLSearchParams(querystring)) addParam(q, name, value);
    return q;
  }
  for (const pair of querystring.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq === -1) addParam(q, pair, '');
    else addParam(q, pair.slice(0, eq), pair.slice(eq + 1));
  }
  return q;
}

function addParam(q: Query, name: string, value: string): void {
  const prev = q.get(name);
  q.set(name, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
}

/** One query value; a repeated parameter is refused rather than silently picking one. */
export function queryOne(q: Query, name: string): string | undefined {
  const v = q.get(name);
  if (Array.isArray(v)) throw invalid(name, 'deve ser informado uma única vez');
  return v;
}
