import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedResponse } from './snapshot/served-snapshot.js';

export type Coding = 'br' | 'gzip' | 'identity';

/** Below this a body is sent as is: the saving would not pay for the encoding headers and the CPU. */
const MIN_BYTES = 1_024;
/**
 * Brotli quality 5 and gzip level 6: each body is compressed once per snapshot, on the request that first asks
 * for it, synchronously; quality 11 took ~100× longer on a 316 KB body for a few percent less.
 */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP = { level: 6 };

const VARY = ['Vary', 'Accept-Encoding'];

type Representations = Partial<Record<Coding, CachedResponse>>;

/**
 * Encoded representations of each prepared response, made on first use and dropped with the response itself
 * (a WeakMap: a response carried into the next snapshot keeps its encodings; one evicted takes them along).
 */
const encoded = new WeakMap<CachedResponse, Representations>();

/** The coding to send for an `Accept-Encoding` header: brotli, else gzip, else none (q=0 refuses a coding). */
export function negotiate(acceptEncoding: string): Coding {
  if (acceptEncoding === '') return 'identity';
  let br = false;
  let gzip = false;
  let any = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name === 'br') br = !refused;
    else if (name === 'gzip') gzip = !refused;
    else if (name === '*') any = !refused;
  }
  if (br || (any && !acceptEncoding.includes('br'))) return 'br';
  if (gzip || (any && !acceptEncoding.includes('gzip'))) return 'gzip';
  return 'identity';
}

/** Same ETag with a coding suffix inside the quotes: each representation has its own strong tag. */
function taggedEtag(etag: string, coding: Coding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

function build(r: CachedResponse, coding: Coding): CachedResponse {
  const body =
    coding === 'br' ? brotliCompressSync(r.body, BROTLI) : coding === 'gzip' ? gzipSync(r.body, GZIP) : r.body;
  const etag = taggedEtag(r.etag, coding);
  const retag = (headers: readonly string[]) =>
    headers.map((v, i) =>
      i % 2 === 1 && headers[i - 1] === 'ETag'
        ? etag
        : i % 2 === 1 && headers[i - 1] === 'Content-Length'
          ? String(body.length)
          : v,
    );
  const encodingHeader = coding === 'identity' ? [] : ['Content-Encoding', coding];
  return {
    body,
    etag,
    headers: [...retag(r.headers), ...encodingHeader, ...VARY],
    notModifiedHeaders: [...retag(r.notModifiedHeaders), ...VARY],
  };
}

/** The representation of `r` to send for this `Accept-Encoding`, computed once per response and coding. */
export function representation(r: CachedResponse, acceptEncoding: string): CachedResponse {
  const coding = r.body.length < MIN_BYTES ? 'identity' : negotiate(acceptEncoding);
  let reps = encoded.get(r);
  if (!reps) encoded.set(r, (reps = {}));
  return (reps[coding] ??= build(r, coding));
}
