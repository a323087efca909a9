import type { Feed } from '../canonical.js';
import { FeedRejectedError, type FeedPosition } from '../errors.js';
import { limitIssues } from '../limits.js';
import { collectionIssues, MAX_ISSUES, schemaIssues } from '../validate-schema.js';
import { canonicalJsonAdapter } from './canonical-json.js';
import { canonicalNdjsonAdapter, ndjsonPosition } from './canonical-ndjson.js';
import { brasileiraoCsvAdapter } from './brasileirao-csv.js';
import { openfootballJsonAdapter } from './openfootball-json.js';
import { openfootballTxtAdapter } from './openfootball-txt.js';
import type { Adapter, AdapterOptions, FormatName, InputFile } from './types.js';

/**
 * An adapter whose format spans several files (the Brasileirão CSV family) claims them with `group`:
 * given every input of the run, it returns the groups it will read together; the rest are read one by one.
 */
export interface RegisteredAdapter extends Adapter {
  group?(files: readonly InputFile[]): InputFile[][];
  /**
   * The collections of its feeds that still need the schema check with these options; the others it builds
   * valid by construction (its tests hold its output to the schema). Absent: the whole feed is checked.
   */
  schemaChecked?(options: AdapterOptions): readonly (keyof Feed)[];
}

/** Every format `svc ingest` reads, in detection order (the most specific sniffing first). */
export const ADAPTERS: readonly RegisteredAdapter[] = [
  canonicalNdjsonAdapter,
  canonicalJsonAdapter,
  brasileiraoCsvAdapter,
  openfootballJsonAdapter,
  openfootballTxtAdapter,
];

export const FORMAT_NAMES: readonly FormatName[] = ADAPTERS.map((a) => a.format);

/** Thrown when an input matches no adapter (or `--format` names none). */
export class UnknownFormatError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'UnknownFormatError';
  }
}

export function adapterFor(format: string): RegisteredAdapter {
  const adapter = ADAPTERS.find((a) => a.format === format);
  if (!adapter)
    throw new UnknownFormatError('--format', `formato desconhecido "${format}"; use um de: ${FORMAT_NAMES.join(', ')}`);
  return adapter;
}

export function detectFormat(file: InputFile): RegisteredAdapter | undefined {
  return ADAPTERS.find((a) => a.detect(file));
}

export interface InputGroup {
  adapter: RegisteredAdapter;
  files: InputFile[];
}

/**
 * Splits the inputs into groups, each read by one adapter. Files found inside a folder (`fromFolder`)
 * that no adapter recognises are skipped and returned, so a README beside the data does not fail the
 * run; a file named explicitly must be readable.
 */
export function groupInputs(
  files: readonly InputFile[],
  options: { format?: string; fromFolder?: ReadonlySet<string> } = {},
): { groups: InputGroup[]; skipped: string[] } {
  const forced = options.format ? adapterFor(options.format) : undefined;
  const candidates = forced ? [forced] : ADAPTERS;
  const groups: InputGroup[] = [];
  let rest = [...files];
  for (const adapter of candidates) {
    if (!adapter.group) continue;
    for (const group of adapter.group(rest)) {
      groups.push({ adapter, files: group });
      rest = rest.filter((f) => !group.includes(f));
    }
  }
  const skipped: string[] = [];
  for (const file of rest) {
    const adapter = forced ?? detectFormat(file);
    if (adapter) groups.push({ adapter, files: [file] });
    else if (options.fromFolder?.has(file.name)) skipped.push(file.name);
    else
      throw new UnknownFormatError(
        file.name,
        `formato desconhecido; use --format com um de: ${FORMAT_NAMES.join(', ')}`,
      );
  }
  return { groups, skipped };
}

/** A canonical feed and the input(s) it came from, for error messages. */
export interface NamedFeed {
  file: string;
  feed: Feed;
  /** Where a JSON pointer into the feed is in the input (a line for NDJSON, else the pointer itself). */
  locate(pointer: string): FeedPosition;
}

/**
 * Reads every group into canonical feeds. Adapters other than the canonical ones (which check while reading)
 * are checked against the schema, or only the collections that need it; then every feed's values are checked
 * for what the schema cannot say or was not run on (limits.ts).
 */
export function readGroups(groups: readonly InputGroup[], options: AdapterOptions): NamedFeed[] {
  const feeds: NamedFeed[] = [];
  for (const { adapter, files } of groups) {
    const file = files.map((f) => f.name).join(' + ');
    const canonical = adapter === canonicalJsonAdapter || adapter === canonicalNdjsonAdapter;
    const checked = canonical ? [] : adapter.schemaChecked?.(options);
    for (const feed of adapter.read(files, options)) {
      const locate = (pointer: string): FeedPosition => ndjsonPosition(feed, pointer) ?? { pointer };
      const schema = checked ? collectionIssues(file, feed, checked) : schemaIssues(file, feed);
      const issues = schema.length > 0 ? schema : limitIssues(file, feed, MAX_ISSUES);
      if (issues.length > 0)
        throw new FeedRejectedError(
          issues.slice(0, MAX_ISSUES).map((i) => ({ ...i, position: locate(i.position.pointer ?? '') })),
          issues.length,
        );
      feeds.push({ file, feed, locate });
    }
  }
  return feeds;
}
