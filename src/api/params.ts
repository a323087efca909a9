import { ApiError } from './errors.js';
import type { ApiContext } from './state.js';

/** Parsing of path and query parameters; every refusal is a 400 naming the parameter and what is allowed. */

export function invalid(name: string, allowed: string): ApiError {
  return new ApiError(400, 'Parâmetro inválido', `O parâmetro ${name} ${allowed}.`);
}

const MAX_ID_DIGITS = 30;

/** A path id: a positive integer. Too-large ids are valid syntax that can match nothing (→ 404 later). */
export function pathId(ctx: ApiContext, name: string): number {
  const raw = (ctx.params as Record<string, string | undefined>)[name] ?? '';
  const n = /^\d+$/.test(raw) && raw.length <= MAX_ID_DIGITS ? Number(raw) : NaN;
  if (!(n >= 1)) throw invalid(name, 'deve ser um número inteiro positivo');
  return n;
}

/** Query parameters by name; a repeated name holds every value in order. */
export type Query = Map<string, string | string[]>;

/** The request's query parameters, parsed on first use (a route reads up to 7). */
function queryOf(ctx: ApiContext): Query {
  return (ctx.state.query ??= parseQuery(ctx.querystring));
}

/**
 * The query string as Koa's `ctx.query` parses it (URLSearchParams rules, repeated names as arrays).
 * Without `%` or `+` nothing needs decoding, so it is split directly — several times faster than
 * URLSearchParams, which is a noticeable part of a cached response's cost.
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
export function queryOne(ctx: ApiContext, name: string): string | undefined {
  const v = queryOf(ctx).get(name);
  if (Array.isArray(v)) throw invalid(name, 'deve ser informado uma única vez');
  return v;
}

export function queryInt(ctx: ApiContext, name: string, min: number, max: number): number | undefined;
export function queryInt(ctx: ApiContext, name: string, min: number, max: number, fallback: number): number;
export function queryInt(
  ctx: ApiContext,
  name: string,
  min: number,
  max: number,
  fallback?: number,
): number | undefined {
  const raw = queryOne(ctx, name);
  if (raw === undefined) return fallback;
  const n = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw invalid(name, `deve ser um número inteiro entre ${min} e ${max}`);
  return n;
}

export function queryEnum<T extends string>(ctx: ApiContext, name: string, values: readonly T[]): T | undefined {
  const raw = queryOne(ctx, name);
  if (raw === undefined) return undefined;
  if (!(values as readonly string[]).includes(raw))
    throw invalid(name, `deve ser um destes valores: ${values.join(', ')}`);
  return raw as T;
}

/** A calendar date `YYYY-MM-DD` (checked to exist: no 2025-02-30). */
export function queryDate(ctx: ApiContext, name: string): string | undefined {
  const raw = queryOne(ctx, name);
  if (raw === undefined) return undefined;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) {
    throw invalid(name, 'deve ser uma data no formato AAAA-MM-DD');
  }
  return raw;
}

export function queryYear(ctx: ApiContext, name: string): string | undefined {
  const raw = queryOne(ctx, name);
  if (raw !== undefined && !/^\d{4}$/.test(raw)) throw invalid(name, 'deve ser um ano com 4 dígitos (ex.: 2024)');
  return raw;
}

/** The search term `q`: required, at least 2 characters (spec: "Parâmetro obrigatório"). */
export function querySearch(ctx: ApiContext): string {
  const raw = queryOne(ctx, 'q')?.trim();
  if (raw === undefined || [...raw].length < 2) {
    throw new ApiError(400, 'Parâmetro obrigatório', 'Informe ao menos 2 caracteres no parâmetro de busca ?q=.');
  }
  if (raw.length > 100) throw invalid('q', 'deve ter no máximo 100 caracteres');
  return raw;
}

/** A required instant: ISO 8601 with a time and an offset (`2026-11-25T12:00:00Z`), normalised to UTC. */
export function queryInstant(ctx: ApiContext, name: string): string {
  const raw = queryOne(ctx, name);
  if (raw === undefined)
    throw new ApiError(
      400,
      'Parâmetro obrigatório',
      `Informe o parâmetro ${name} (data e hora ISO 8601 com fuso, ex. 2026-11-25T12:00:00Z).`,
    );
  const valid =
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) &&
    !Number.isNaN(Date.parse(raw));
  if (!valid) throw invalid(name, 'deve ser uma data e hora ISO 8601 com fuso, ex. 2026-11-25T12:00:00Z');
  return new Date(Date.parse(raw)).toISOString();
}
