import type { Feed } from '../canonical.js';
import { FeedRejectedError } from '../errors.js';
import { parseJson } from '../json-syntax.js';
import { MAX_ISSUES, schemaIssues } from '../validate-schema.js';
import type { Adapter, InputFile } from './types.js';

/** UTF-8 text of an input, without a byte-order mark (editors on Windows add one). */
export function inputText(file: InputFile): string {
  const text = file.content.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Sniffs the first bytes: a JSON object naming the canonical format. */
export function looksCanonical(head: string): boolean {
  return /^\s*\{/.test(head) && /"formato"\s*:\s*"svc-feed\/1"/.test(head);
}

export const canonicalJsonAdapter: Adapter = {
  format: 'svc-feed',
  detect(file) {
    const head = inputText({ name: file.name, content: file.content.subarray(0, 4096) });
    const firstLine = head.split('\n', 1)[0] ?? '';
    // An NDJSON header line is also a complete object naming the format; a JSON feed's first line is not.
    const ndjsonHeader = firstLine.trim().endsWith('}') && head.includes('"colecao"');
    return looksCanonical(head) && !ndjsonHeader && !/\.ndjson$/i.test(file.name);
  },
  read(files) {
    return files.map((file) => {
      const parsed = parseJson(inputText(file));
      if (!parsed.ok) {
        const { line, column, reason } = parsed.problem;
        throw new FeedRejectedError([
          { file: file.name, position: { line, column }, reason: `JSON malformado: ${reason}` },
        ]);
      }
      const issues = schemaIssues(file.name, parsed.value);
      if (issues.length > 0) throw new FeedRejectedError(issues.slice(0, MAX_ISSUES), issues.length);
      return parsed.value as Feed;
    });
  },
};
