/**
 * Path lookup for the route table: a tree of path segments, literal segments before a `{param}` at the same
 * place (`/v1/webhooks/{id}/entregas/reenviar` before `…/entregas/{entregaId}`). Built once at startup; a
 * lookup walks the segments of the path once, with no regular expression.
 */
/** The route for a method and path, with its path parameters (percent-decoded where they decode). */
export interface Found<T> {
  value: T;
  params: Record<string, string>;
}

/** No route for the method: the methods the path has (405 with `Allow`), none when no template has its shape (404). */
export interface NotFound {
  allowed: readonly string[];
}

interface Node<T> {
  literal: Map<string, Node<T>>;
  /** Any one non-empty segment; its name is the route's (two templates may name one place differently). */
  param?: Node<T>;
  /** Per method: the route and the names of its path parameters, in path order. */
  methods: Map<string, { value: T; names: readonly string[] }>;
}

const node = <T>(): Node<T> => ({ literal: new Map(), methods: new Map() });

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class PathRouter<T> {
  private readonly root = node<T>();

  /** `template` as the OpenAPI writes it: `/v1/campeonatos/{campeonatoId}/tabela`. */
  add(method: string, template: string, value: T): void {
    let at = this.root;
    const names: string[] = [];
    for (const segment of template.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (param === undefined) {
        let next = at.literal.get(segment);
        if (!next) at.literal.set(segment, (next = node()));
        at = next;
      } else {
        names.push(param);
        at = at.param ??= node();
      }
    }
    const upper = method.toUpperCase();
    if (at.methods.has(upper)) throw new Error(`${upper} ${template} added twice`);
    at.methods.set(upper, { value, names });
    if (upper === 'GET' && !at.methods.has('HEAD')) at.methods.set('HEAD', { value, names });
  }

  /**
   * The route `method` has at `path` (no query string). Where templates overlap (a literal and a parameter at the
   * same place), the first, literal first, that has the method wins. One trailing slash is ignored when the
   * path without it matches (`/v1/me/`).
   */
  find(method: string, path: string): Found<T> | NotFound {
    let segments = path.split('/');
    const values: string[] = [];
    let hit = this.walk(this.root, segments, 1, method, values, null);
    if (hit === undefined) {
      // A miss walks again to learn the path's methods: a hit (the hot path) fills no set.
      const allowed = new Set<string>();
      this.walk(this.root, segments, 1, method, values, allowed);
      if (allowed.size === 0 && segments.length > 2 && segments.at(-1) === '') {
        segments = segments.slice(0, -1);
        hit = this.walk(this.root, segments, 1, method, values, allowed);
      }
      if (hit === undefined) return { allowed: [...allowed].sort() };
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < hit.names.length; i++) params[hit.names[i]!] = decode(values[i]!);
    return { value: hit.value, params };
  }

  private walk(
    at: Node<T>,
    segments: string[],
    i: number,
    method: string,
    values: string[],
    /** Where to add the methods of every node the path reaches (null: not wanted). */
    allowed: Set<string> | null,
  ): { value: T; names: readonly string[] } | undefined {
    if (i === segments.length) {
      if (allowed) for (const m of at.methods.keys()) allowed.add(m);
      return at.methods.get(method);
    }
    const segment = segments[i]!;
    const literal = at.literal.get(segment);
    if (literal) {
      const found = this.walk(literal, segments, i + 1, method, values, allowed);
      if (found !== undefined) return found;
    }
    if (at.param && segment !== '') {
      values.push(segment);
      const found = this.walk(at.param, segments, i + 1, method, values, allowed);
      if (found !== undefined) return found;
      values.pop();
    }
    return undefined;
  }
}
