import { representation } from '../compression.js';
import { ApiError } from '../errors.js';
import type { Built, CachedResponse, ServedSnapshot } from '../snapshot/served-snapshot.js';
import { SnapshotNotRetainedError, type SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { Guard } from '../middleware/admission.js';
import { invalid, queryOne } from '../params.js';
import { notFound } from '../resources/not-found.js';
import { parseSnapshotId } from '../../warehouse/snapshot-store.js';
import type { MatchDetails } from '../snapshot/match-details.js';
import type { Partition } from '../snapshot/partition.js';
import type { Shapes } from '../resources/shapes.js';
import { addHeader, sendPrepared } from '../headers.js';
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
  addHeader(ctx, 'X-Snapshot', s.id);
  return s;
}

/**
 * `guard` for the data routes, with reads as of a retained snapshot: `?snapshot=ID` loads it (once; a few
 * are kept) after the checks and before the handler. Without the parameter the handler runs as before,
 * synchronously.
 */
export function withSnapshots(guard: Guard, holder: SnapshotHolder): Guard {
  return (recurso, handler) =>
    guard(recurso, (ctx, next) => {
      const asked = queryOne(ctx, 'snapshot');
      if (asked === undefined) return handler(ctx, next);
      const id = parseSnapshotId(asked);
      if (id === null) throw invalid('snapshot', 'deve ser o id de um snapshot (até 8 dígitos)');
      return holder.asOf(id).then(
        (s) => {
          ctx.state.snapshot = s;
          return handler(ctx, next);
        },
        (err: unknown) => {
          if (err instanceof SnapshotNotRetainedError) throw notFound(`Snapshot ${id} não está retido`);
          throw err;
        },
      );
    });
}

/** `If-None-Match` matches when it lists the ETag (weak comparison, as RFC 9110 asks for this header) or `*`. */
function notModified(ctx: ApiContext, etag: string): boolean {
  const header = ctx.get('If-None-Match');
  if (header === '') return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a prepared response in the coding the client accepts (compressed once per response), or 304. */
export function sendCached(ctx: ApiContext, prepared: CachedResponse): void {
  const r = representation(prepared, ctx.get('Accept-Encoding'));
  if (notModified(ctx, r.etag)) sendPrepared(ctx, 304, r.notModifiedHeaders);
  else sendPrepared(ctx, 200, r.headers, r.body);
}

/** Serves the memoised response `key` built from the global part of the request's snapshot. */
export function serve(ctx: ApiContext, s: ServedSnapshot, key: string, build: () => Built): void {
  sendCached(ctx, s.respond(s.globalScope, key, build));
}

/**
 * Serves the memoised response `key` built from championship `campeonatoId`'s data (and the global part
 * when `alsoGlobal`: a response that shows player rows; the match details when `withDetails`: the per-match
 * routes). A cache hit is sent at once, with no read.
 */
export function serveChampionship(
  ctx: ApiContext,
  s: ServedSnapshot,
  campeonatoId: number,
  key: string,
  build: (shapes: Shapes, part: Partition, details: MatchDetails | undefined) => Built,
  o: { alsoGlobal?: boolean; withDetails?: boolean } = {},
): void | Promise<void> {
  const scope = o.alsoGlobal
    ? `${s.championshipScope(campeonatoId)}+${s.globalScope}`
    : s.championshipScope(campeonatoId);
  const hit = s.lookup(scope, key);
  if (hit) return sendCached(ctx, hit);
  return s.respondFrom(campeonatoId, scope, key, build, o.withDetails).then((r) => sendCached(ctx, r));
}
