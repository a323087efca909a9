import { representation } from '../compression.js';
import { ApiError } from '../errors.js';
import type { Built, CachedResponse, ServedSnapshot } from '../snapshot/served-snapshot.js';
import { SnapshotNotRetainedError, type SnapshotHolder } from '../snapshot/snapshot-holder.js';
import { notFound } from '../resources/not-found.js';
import type { MatchDetails } from '../snapshot/match-details.js';
import type { Partition } from '../snapshot/partition.js';
import type { Shapes } from '../resources/shapes.js';
import type { ApiContext } from '../state.js';

export const NO_SNAPSHOT = new ApiError(
  503,
  'Serviço indisponível',
  'Nenhum snapshot de dados foi publicado ainda; tente novamente em instantes.',
  {
    'Retry-After': '5',
  },
);

/** The snapshot this request will use from start to end (`?snapshot=ID`'s, else the current one), named in `X-Snapshot`. */
export function snapshotFor(holder: SnapshotHolder, ctx: ApiContext): ServedSnapshot {
  const s = ctx.state.snapshot ?? holder.current;
  if (!s) throw NO_SNAPSHOT;
  ctx.addHeader('X-Snapshot', s.id);
  return s;
}

/** The retained snapshot `?snapshot=ID` names, for the request's handler (`state.snapshot`); 404 when not retained. */
export async function readAsOf(holder: SnapshotHolder, ctx: ApiContext, id: string): Promise<void> {
  try {
    ctx.state.snapshot = await holder.asOf(id);
  } catch (err) {
    if (err instanceof SnapshotNotRetainedError) throw notFound(`Snapshot ${id} não está retido`);
    throw err;
  }
}

/** `If-None-Match` matches when it lists the ETag (weak comparison, as RFC 9110 asks for this header) or `*`. */
export function notModified(ctx: ApiContext, etag: string): boolean {
  const header = ctx.get('if-none-match');
  if (header === '') return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a prepared response in the coding the client accepts (compressed once per response), or 304. */
export function sendCached(ctx: ApiContext, prepared: CachedResponse): void {
  const r = representation(prepared, ctx.get('accept-encoding'));
  if (notModified(ctx, r.etag)) ctx.send(304, r.notModifiedHeaders);
  else ctx.send(200, r.headers, r.body);
}

/**
 * Serves the memoised response `key` built from the global part of the request's snapshot. `build` makes the body
 * the route's response schema describes (`R`, from the handler's `ctx`).
 */
export function serve<R>(ctx: ApiContext<R>, s: ServedSnapshot, key: string, build: () => Built<NoInfer<R>>): void {
  sendCached(ctx, s.respond(s.globalScope, key, build));
}

/**
 * Serves the memoised response `key` built from championship `campeonatoId`'s data (and the global part
 * when `alsoGlobal`: a response that shows player rows; the match details when `withDetails`: the per-match
 * routes). A cache hit is sent at once, with no read. `build` makes the body of the route's schema, as `serve`'s.
 */
export function serveChampionship<R>(
  ctx: ApiContext<R>,
  s: ServedSnapshot,
  campeonatoId: number,
  key: string,
  build: (shapes: Shapes, part: Partition, details: MatchDetails | undefined) => Built<NoInfer<R>>,
  o: { alsoGlobal?: boolean; withDetails?: boolean } = {},
): void | Promise<void> {
  const scope = o.alsoGlobal
    ? `${s.championshipScope(campeonatoId)}+${s.globalScope}`
    : s.championshipScope(campeonatoId);
  const hit = s.lookup(scope, key);
  if (hit) return sendCached(ctx, hit);
  return s.respondFrom(campeonatoId, scope, key, build, o.withDetails).then((r) => sendCached(ctx, r));
}
