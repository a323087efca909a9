import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import type { ApiState } from '../state.js';

/** What @koa/router leaves on the context: every layer whose path matched, routes and `use` layers alike. */
interface MatchedLayers {
  matched?: readonly { methods: readonly string[] }[];
}

/**
 * Mounted after the routers: a request that reaches it matched no route. Answers 404 for an unknown path
 * and 405 (with `Allow`) for a known path with another method. The API router authenticates only requests
 * that match one of its routes, so a typo in the path is reported without needing a key; and the paths the
 * routers already matched are reused, so a request is matched once per router, not again here.
 */
export function routeFallback(): Middleware<ApiState> {
  return (ctx) => {
    const allowed = new Set<string>();
    for (const layer of (ctx as MatchedLayers).matched ?? []) for (const method of layer.methods) allowed.add(method);
    if (allowed.size === 0) throw new ApiError(404, 'Não encontrado', 'Rota não encontrada.');
    const allow = [...allowed].sort().join(', ');
    throw new ApiError(405, 'Método não permitido', `Métodos aceitos nesta rota: ${allow}.`, { Allow: allow });
  };
}
