/** Small builders for the JSON Schemas (draft 2020-12, as OpenAPI 3.1 uses) of the API's resources. */

export type Schema = { [key: string]: unknown };

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const num: Schema = { type: 'number' };
export const bool: Schema = { type: 'boolean' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
export const nullable = (s: Schema): Schema =>
  s.$ref !== undefined || s.enum !== undefined
    ? { oneOf: [s, { type: 'null' }] }
    : { ...s, type: [s.type as string, 'null'] };
export const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

/** A closed object: every listed property is required (null where unknown, per spec rule 2). */
export function obj(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  };
}

/** A page or list response: `data` items and `meta`. */
export const list = (item: Schema, meta: Schema): Schema => obj({ data: arrayOf(item), meta });
/** A single-resource response: `{data}`. */
export const one = (item: Schema): Schema => obj({ data: item });
