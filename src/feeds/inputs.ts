import { readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { FeedUnreachableError } from './errors.js';
import type { InputFile } from './adapters/types.js';

export interface FetchOptions {
  /** Per attempt. */
  timeoutMs?: number;
  retries?: number;
  /** Plain `http://` is refused unless allowed (tests against a loopback server; `SVC_ALLOW_HTTP_FEEDS=1` in the CLI). */
  allowHttp?: boolean;
  /** First backoff delay; doubles per retry. */
  minBackoffMs?: number;
  /**
   * Each URL's validators and body from the last fetch: the next GET is conditional (`If-None-Match`,
   * `If-Modified-Since`) and a 304 answers with the body kept (`svc ingest --follow`).
   */
  cache?: Map<string, CachedFeed>;
}

export interface CachedFeed {
  etag: string | null;
  lastModified: string | null;
  content: Buffer;
}

export interface ReadInputs {
  files: InputFile[];
  /** Names of files that came from expanding a folder (may be skipped when unrecognised). */
  fromFolder: Set<string>;
}

const DEFAULTS = { timeoutMs: 15_000, retries: 3, minBackoffMs: 500, allowHttp: false };

/** Reads every named input: files, folders (their files, sorted, hidden ones skipped) and URLs. */
export async function readInputs(names: readonly string[], options: FetchOptions = {}): Promise<ReadInputs> {
  const files: InputFile[] = [];
  const fromFolder = new Set<string>();
  for (const name of names) {
    if (/^[a-z]+:\/\//i.test(name)) {
      files.push({ name, content: await fetchFeed(name, options) });
      continue;
    }
    for (const file of expandPath(name, true)) {
      if (file !== name) fromFolder.add(file);
      files.push({ name: file, content: readFeedFile(file) });
    }
  }
  return { files, fromFolder };
}

/** A path named on the command line (`explicit`: a pipe or `/dev/stdin` too), or every regular file under a folder. */
function expandPath(name: string, explicit: boolean): string[] {
  let stat: Stats;
  try {
    stat = statSync(name);
  } catch (err) {
    throw new FeedUnreachableError(name, unreadable(err));
  }
  if (stat.isDirectory())
    return readdirSync(name, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) => expandPath(path.join(name, e.name), false));
  // In a folder only regular files are feeds: a socket there is not one, and reading a FIFO would wait for a writer.
  return explicit || stat.isFile() ? [name] : [];
}

function readFeedFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new FeedUnreachableError(file, unreadable(err));
  }
}

/** Why a local path cannot be read, in the words of the CLI's other unreachable inputs. */
function unreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'arquivo não encontrado';
  if (code === 'EACCES' || code === 'EPERM') return 'sem permissão de leitura';
  return `não foi possível ler (${code ?? (err instanceof Error ? err.message : String(err))})`;
}

/**
 * GETs a feed with a timeout per attempt and retries with exponential backoff on network errors,
 * 5xx and 429; other 4xx fail at once (retrying cannot help).
 */
export async function fetchFeed(url: string, options: FetchOptions = {}): Promise<Buffer> {
  const { timeoutMs, retries, minBackoffMs, allowHttp, cache } = { ...DEFAULTS, ...options };
  const cached = cache?.get(url);
  const conditional: Record<string, string> = {};
  if (cached?.etag) conditional['if-none-match'] = cached.etag;
  if (cached?.lastModified) conditional['if-modified-since'] = cached.lastModified;
  const protocol = url.slice(0, url.indexOf(':')).toLowerCase();
  if (protocol !== 'https' && !(protocol === 'http' && allowHttp)) {
    throw new FeedUnreachableError(url, 'só URLs https:// são aceitas');
  }
  // Loaded here, not at start-up: a fresh `svc ingest` of files never fetches.
  const { default: pRetry, AbortError } = await import('p-retry');
  let lastReason = '';
  try {
    return await pRetry(
      async () => {
        let res: Response;
        try {
          res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow', headers: conditional });
        } catch (err) {
          lastReason = describeFetchError(err, timeoutMs);
          throw new Error(lastReason);
        }
        if (res.status === 304 && cached) {
          await res.body?.cancel();
          return cached.content;
        }
        if (!res.ok) {
          lastReason = `HTTP ${res.status}`;
          await res.body?.cancel();
          if (res.status < 500 && res.status !== 429) throw new AbortError(lastReason);
          throw new Error(lastReason);
        }
        const content = Buffer.from(await res.arrayBuffer());
        cache?.set(url, { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified'), content });
        return content;
      },
      { retries, minTimeout: minBackoffMs, factor: 2, randomize: false },
    );
  } catch {
    const attempts = lastReason.startsWith('HTTP 4') && lastReason !== 'HTTP 429' ? 1 : retries + 1;
    throw new FeedUnreachableError(url, `inacessível após ${attempts} tentativa(s): ${lastReason}`);
  }
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `tempo esgotado (${timeoutMs} ms)`;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string'
    ? `falha de rede (${code})`
    : `falha de rede (${cause instanceof Error ? cause.message : String(cause)})`;
}
