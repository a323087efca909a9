import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import type { ApiState } from '../state.js';

/**
 * Answers unknown paths (404) and wrong methods (405 with `Allow`) before authentication, so a client
 * learns about a typo in the path without needing a key.
 */
export function routeGuard(routers: readonly Router<ApiState>[]): Middleware<ApiState> {
  return (ctx, next) => {
    const allowed = new Set<string>();
    let pathKnown = false;
    for (const router of routers) {
      const m = router.match(ctx.path, ctx.method);
      if (m.route) return next();
      for (const layer of m.path) {
        if (layer.methods.length === 0) continue;
        pathKnown = true;
        for (const method of layer.methods) allowed.add(method);
      }
    }
    if (!pathKnown) throw new ApiError(404, 'Não encontrado', 'Rota não encontrada.');
    const allow = [...allowed].sort().join(', ');
    throw new ApiError(405, 'Método não permitido', `Métodos aceitos nesta rota: ${allow}.`, { Allow: allow });
  };
}
