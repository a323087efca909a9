import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors.js';
import type { JsonSchema } from '../openapi/json-schema.js';

/** A field of a JSON request body: its schema and what a refused value is told (after "O campo x "). */
export interface Field<T> {
  schema: JsonSchema;
  refusal(value: unknown, error: ErrorObject): string;
  readonly __value?: T;
}

/** A JSON object request body: its fields, which are required, and the answers to a body its schema refuses. */
export interface BodySpec<B> {
  schema: JsonSchema;
  /** The body may be left out (the handler then gets undefined). */
  optional: boolean;
  /** The answer to the schema's errors (all of them, `allErrors`) for `body`. */
  refuse(body: unknown, errors: readonly ErrorObject[]): ApiError;
  readonly __value?: B;
}

type FieldValues<F, R extends keyof F> = { [K in R]: F[K] extends Field<infer T> ? T : never } & {
  [K in Exclude<keyof F, R>]?: F[K] extends Field<infer T> ? T : never;
};

export function field<T>(
  schema: JsonSchema,
  refusal: string | ((value: unknown, error: ErrorObject) => string),
): Field<T> {
  return { schema, refusal: typeof refusal === 'string' ? () => refusal : refusal };
}

function invalidField(name: string, what: string): ApiError {
  return new ApiError(400, 'Parâmetro inválido', `O campo ${name} ${what}.`);
}

/**
 * A closed JSON object of `fields`. Refusals, first found first: not an object; a field it does not take (the
 * first in the body's order); the first field, in declared order, whose value is refused; an empty object when
 * `atLeastOne`.
 */
export function jsonObject<F extends Record<string, Field<unknown>>, R extends keyof F = never>(
  fields: F,
  o: { required?: readonly R[]; optional?: boolean; atLeastOne?: boolean } = {},
): BodySpec<FieldValues<F, R>> {
  const names = Object.keys(fields);
  const list = names.join(', ');
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, fields[n]!.schema])),
    required: [...(o.required ?? [])] as string[],
    additionalProperties: false,
    ...(o.atLeastOne ? { minProperties: 1 } : {}),
  };
  return {
    schema,
    optional: o.optional ?? false,
    refuse(body, errors) {
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return new ApiError(400, 'Parâmetro inválido', `O corpo deve ser um objeto JSON com os campos: ${list}.`);
      const extra = Object.keys(body).find((k) => !names.includes(k));
      if (extra !== undefined) return invalidField(extra, `não é aceito (campos: ${list})`);
      for (const name of names) {
        const error = errors.find(
          (e) =>
            e.instancePath === `/${name}` ||
            e.instancePath.startsWith(`/${name}/`) ||
            (e.keyword === 'required' && e.params.missingProperty === name),
        );
        if (error) return invalidField(name, fields[name]!.refusal((body as Record<string, unknown>)[name], error));
      }
      return new ApiError(400, 'Parâmetro inválido', `Informe ao menos um dos campos: ${list}.`);
    },
  };
}
