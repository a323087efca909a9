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
  param?: { name: string; node: Node<T> };
  methods: Map<string, T>;
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
    for (const segment of template.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (param === undefined) {
        let next = at.literal.get(segment);
        if (!next) at.literal.set(segment, (next = node()));
        at = next;
      } else {
        if (at.param && at.param.name !== param) throw new Error(`${template}: {${param}} where {${at.param.name}} is`);
        at.param ??= { name: param, node: node() };
        at = at.param.node;
      }
    }
    const upper = method.toUpperCase();
    if (at.methods.has(upper)) throw new Error(`${upper} ${template} added twice`);
    at.methods.set(upper, value);
    if (upper === 'GET' && !at.methods.has('HEAD')) at.methods.set('HEAD', value);
  }

  /**
   * The route `method` has at `path` (no query string). Where templates overlap (a literal and a parameter at the
   * same place), the first, literal first, that has the method wins. One trailing slash is ignored when the
   * path without it matches (`/v1/me/`), as the Koa router did.
   */
  find(method: string, path: string): Found<T> | NotFound {
    const segments = path.split('/');
    const allowed = new Set<string>();
    const params: Record<string, string> = {};
    let value = this.walk(this.root, segments, 1, method, params, allowed);
    if (value === undefined && allowed.size === 0 && segments.length > 2 && segments.at(-1) === '')
      value = this.walk(this.root, segments.slice(0, -1), 1, method, params, allowed);
    return value === undefined ? { allowed: [...allowed].sort() } : { value, params };
  }

  private walk(
    at: Node<T>,
    segments: string[],
    i: number,
    method: string,
    params: Record<string, string>,
    allowed: Set<string>,
  ): T | undefined {
    if (i === segments.length) {
      for (const m of at.methods.keys()) allowed.add(m);
      return at.methods.get(method);
    }
    const segment = segments[i]!;
    const literal = at.literal.get(segment);
    if (literal) {
      const found = this.walk(literal, segments, i + 1, method, params, allowed);
      if (found !== undefined) return found;
    }
    if (at.param && segment !== '') {
      const found = this.walk(at.param.node, segments, i + 1, method, params, allowed);
      if (found !== undefined) {
        params[at.param.name] = decode(segment);
        return found;
      }
    }
    return undefined;
  }
}
