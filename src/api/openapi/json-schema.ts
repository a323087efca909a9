/**
 * Small builders for the JSON Schemas (draft 2020-12, as OpenAPI 3.1 uses) of the API's resources. Each carries,
 * in its type only, the TypeScript type of the values it describes (`Schema<T>`, read back with `TypeOf`): the
 * route table ties a handler's body to its response schema with it. The JSON they emit has no trace of it.
 */

/** Any JSON Schema, as emitted. */
export type JsonSchema = { [key: string]: unknown };

declare const VALUE: unique symbol;
/** A JSON Schema of values of type `T`. `T` lives in the type alone: no such key exists at run time. */
export type Schema<T> = JsonSchema & { readonly [VALUE]: T };
/** The type of the values `s` describes: of a schema, a component, or a spread of one (`{ ...str, description }`). */
export type TypeOf<S> = S extends { readonly [VALUE]: infer T } ? T : S extends Component<infer T> ? T : never;

/**
 * A schema given its type by hand, for the few shapes these builders do not make (an open object); unchecked, so
 * say why at each use.
 */
export const typed = <T>(s: JsonSchema): Schema<T> => s as Schema<T>;

/** A schema of `#/components/schemas`: its name, and the definition its refs carry the type of. */
export interface Component<T> {
  readonly name: string;
  readonly schema: Schema<T>;
}
export const component = <T>(name: string, schema: Schema<T>): Component<T> => ({ name, schema });

/** A `$ref` to a component: of the values it describes; by name alone (the webhook payloads, errors), untyped. */
export function ref<T>(c: Component<T>): Schema<T>;
export function ref(name: string): JsonSchema;
export function ref(c: Component<unknown> | string): JsonSchema {
  return { $ref: `#/components/schemas/${typeof c === 'string' ? c : c.name}` };
}

export const str = typed<string>({ type: 'string' });
export const int = typed<number>({ type: 'integer' });
export const num = typed<number>({ type: 'number' });
export const bool = typed<boolean>({ type: 'boolean' });
export const dateTime = typed<string>({ type: 'string', format: 'date-time' });
/** Any JSON value (`{}`). */
export const anyValue = typed<unknown>({});
export const nullable = <T>(s: Schema<T>): Schema<T | null> =>
  typed(
    s.$ref !== undefined || s.enum !== undefined
      ? { oneOf: [s, { type: 'null' }] }
      : { ...s, type: [s.type as string, 'null'] },
  );
export const enumOf = <const V extends readonly string[]>(values: V): Schema<V[number]> =>
  typed({ type: 'string', enum: [...values] });
export const arrayOf = <T>(items: Schema<T>): Schema<T[]> => typed({ type: 'array', items });
/** An object of any keys whose values `values` describes. */
export const mapOf = <T>(values: Schema<T>): Schema<Record<string, T>> =>
  typed({ type: 'object', additionalProperties: values });

type Properties = Record<string, Schema<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The object `obj(properties, optional)` describes: the `optional` keys may be absent. */
export type ObjectOf<P extends Properties, O extends keyof P = never> = Flat<
  { -readonly [K in Exclude<keyof P, O>]: TypeOf<P[K]> } & { -readonly [K in O]?: TypeOf<P[K]> }
>;

/** A closed object: every listed property is required (null where unknown, per spec rule 2) but `optional`. */
export function obj<P extends Properties, O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
): Schema<ObjectOf<P, O>> {
  return typed({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !(optional as readonly string[]).includes(k)),
    additionalProperties: false,
  });
}

/** Properties named by `fields`, each described by `schema(field)` (the statistics records). */
export const propsOf = <const F extends readonly string[], T>(fields: F, schema: (field: F[number]) => Schema<T>) =>
  Object.fromEntries(fields.map((f) => [f, schema(f)])) as Record<F[number], Schema<T>>;

/** A page or list response body: `data` items and `meta`. */
export type List<T, M> = { data: T[]; meta: M };
/** A single-resource response body: `{data}`. */
export type One<T> = { data: T };
/** A page or list response: `data` items and `meta`. */
export const list = <T, M>(item: Schema<T>, meta: Schema<M>): Schema<List<T, M>> =>
  typed(obj({ data: arrayOf(item), meta }));
/** A single-resource response: `{data}`. */
export const one = <T>(item: Schema<T>): Schema<One<T>> => typed(obj({ data: item }));
