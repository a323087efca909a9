import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RequestContext } from '../http/context.js';
import { isInstant, parseQuery, queryOne, type AnyParam, type Query } from '../params.js';
import type { Input, Route } from './route.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020, formats: string[]) => Ajv2020;

/** Our reading of the formats requests use; `uri` is left to the webhook URL rule, which says why it refuses. */
function formats(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv, ['date']);
  ajv.addFormat('date-time', isInstant);
  ajv.addFormat('uri', true);
  return ajv;
}
/** Parameters: the first failure is the answer. Bodies: every error, so the refusal can pick the first field. */
const paramsAjv = formats(new Ajv2020({ allErrors: false }));
const bodyAjv = formats(new Ajv2020({ allErrors: true }));

/** Compiled once per distinct schema (many parameters share one). */
const compiled = new Map<string, ValidateFunction>();
function validator(ajv: Ajv2020, schema: object): ValidateFunction {
  const key = `${ajv === bodyAjv ? 'b' : 'p'}${JSON.stringify(schema)}`;
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema)));
  return v;
}

interface CheckedParam {
  name: string;
  param: AnyParam;
  check: ValidateFunction;
}

function checkParam(p: CheckedParam, raw: string | undefined): unknown {
  const v = raw === undefined ? undefined : p.param.coerce(raw);
  if (v === undefined) {
    if (p.param.required) throw p.param.refuse(p.name, 'required');
    return p.param.fallback;
  }
  if (!p.check(v)) throw p.param.refuse(p.name, p.check.errors?.[0]?.keyword ?? 'type');
  return p.param.finish ? p.param.finish(v) : v;
}

/** A route's request checks, built once at startup: path parameters, then query parameters, then the body. */
export type InputReader = (ctx: RequestContext) => Input<Record<string, AnyParam>, Record<string, AnyParam>, unknown>;

export function inputReader(r: Route, extraQuery: Record<string, AnyParam> = {}): InputReader {
  const list = (ps: Record<string, AnyParam>): CheckedParam[] =>
    Object.entries(ps).map(([name, param]) => ({ name, param, check: validator(paramsAjv, param.schema) }));
  const path = list(r.params ?? {});
  const query = list({ ...r.query, ...extraQuery });
  const requiredQuery = query.some((p) => p.param.required);
  const body = r.body;
  const checkBody = body && validator(bodyAjv, body.schema);
  return (ctx) => {
    const pathValues: Record<string, unknown> = {};
    for (const p of path) pathValues[p.name] = checkParam(p, ctx.params[p.name]);
    const queryValues: Record<string, unknown> = {};
    if (ctx.querystring !== '' || requiredQuery) {
      const q: Query = (ctx.state.query ??= parseQuery(ctx.querystring));
      for (const p of query) queryValues[p.name] = checkParam(p, queryOne(q, p.name));
    } else for (const p of query) queryValues[p.name] = p.param.fallback;
    const bodyValue = ctx.state.body;
    if (body && checkBody && (bodyValue !== undefined || !body.optional) && !checkBody(bodyValue))
      throw body.refuse(bodyValue, checkBody.errors ?? []);
    return { path: pathValues, query: queryValues, body: bodyValue } as ReturnType<InputReader>;
  };
}
