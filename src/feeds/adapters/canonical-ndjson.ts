import { FEED_COLLECTIONS, type Feed } from '../canonical.js';
import { FeedRejectedError, type FeedIssue, type FeedPosition } from '../errors.js';
import { parseJson } from '../json-syntax.js';
import { MAX_ISSUES, schemaIssues } from '../validate-schema.js';
import { inputText, looksCanonical } from './canonical-json.js';
import type { Adapter, InputFile } from './types.js';

const COLLECTIONS: ReadonlySet<string> = new Set(FEED_COLLECTIONS);

/**
 * `svc-feed/1` as NDJSON, for feeds too large to hold as one document: line 1 is the header
 * (`formato`, `fonte`, optional `gerado_em`), every other line `{"colecao": "...", "registro": {...}}`.
 * Blank lines are ignored. Problems are reported by line number.
 */
export const canonicalNdjsonAdapter: Adapter = {
  format: 'svc-feed-ndjson',
  detect(file) {
    const head = inputText({ name: file.name, content: file.content.subarray(0, 4096) });
    const firstLine = head.split('\n', 1)[0] ?? '';
    return looksCanonical(firstLine) && (/\.ndjson$/i.test(file.name) || head.includes('"colecao"'));
  },
  read(files) {
    return files.map(readOne);
  },
};

/** Per NDJSON feed read: `/colecao/index` → its line, so later checks can point at lines too. */
const recordLines = new WeakMap<Feed, Map<string, number>>();

/**
 * Where a pointer into a feed read from NDJSON is in the file: the record's line and the pointer inside
 * its `registro`. Undefined for feeds that did not come from NDJSON.
 */
export function ndjsonPosition(feed: Feed, pointer: string): FeedPosition | undefined {
  const lines = recordLines.get(feed);
  const m = /^\/([a-z]+)\/(\d+)(.*)$/.exec(pointer);
  const line = m ? lines?.get(`/${m[1]}/${m[2]}`) : undefined;
  return line === undefined || !m ? undefined : { line, pointer: `/registro${m[3]}` };
}

function readOne(file: InputFile): Feed {
  const lines = inputText(file).split('\n');
  const issues: FeedIssue[] = [];
  const reject = (line: number, reason: string, extra: { column?: number; pointer?: string } = {}): void => {
    issues.push({ file: file.name, position: { line, ...extra }, reason });
  };
  let header: Record<string, unknown> | undefined;
  const records = new Map<string, unknown[]>();
  /** `/colecao/index` → line number, to report schema problems where the user can find them. */
  const lineOf = new Map<string, number>();

  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || issues.length >= MAX_ISSUES) return;
    const parsed = parseJson(raw);
    if (!parsed.ok) return reject(line, `JSON malformado: ${parsed.problem.reason}`, { column: parsed.problem.column });
    const value = parsed.value;
    if (!header) {
      if (!isObject(value) || value.formato !== 'svc-feed/1')
        return reject(line, 'a primeira linha deve ser o cabeçalho {"formato":"svc-feed/1","fonte":"..."}');
      header = value;
      return;
    }
    if (
      !isObject(value) ||
      typeof value.colecao !== 'string' ||
      !('registro' in value) ||
      Object.keys(value).length !== 2
    ) {
      return reject(line, 'cada linha deve ser {"colecao": "...", "registro": {...}}');
    }
    if (!COLLECTIONS.has(value.colecao))
      return reject(line, `coleção desconhecida: ${value.colecao}`, { pointer: '/colecao' });
    const list = records.get(value.colecao) ?? [];
    lineOf.set(`/${value.colecao}/${list.length}`, line);
    list.push(value.registro);
    records.set(value.colecao, list);
  });
  if (!header && issues.length === 0)
    reject(1, 'arquivo vazio: falta o cabeçalho {"formato":"svc-feed/1","fonte":"..."}');
  if (issues.length > 0) throw new FeedRejectedError(issues.slice(0, MAX_ISSUES), issues.length);

  const feed = { ...header, ...Object.fromEntries(records) } as unknown as Feed;
  recordLines.set(feed, lineOf);
  const schema = schemaIssues(file.name, feed).map(
    (issue): FeedIssue => ({
      ...issue,
      position: ndjsonPosition(feed, issue.position.pointer ?? '') ?? {
        line: 1,
        pointer: issue.position.pointer ?? '',
      },
    }),
  );
  if (schema.length > 0) throw new FeedRejectedError(schema.slice(0, MAX_ISSUES), schema.length);
  return feed;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
