/**
 * openfootball football.json (e.g. 2019/br.1.json):
 * `{"name": "Brasileiro Série A 2019", "matches": [{"round", "date", "time"?, "team1", "team2",
 *   "score"?: {"ht"?, "ft"?, "et"?, "p"?}}]}`; each score a `[home, away]` pair. A match without `ft` is a
 * fixture.
 */
import type { Feed } from '../canonical.js';
import { FeedRejectedError } from '../errors.js';
import { parseJson } from '../json-syntax.js';
import {
  type OpenfootballMatch,
  type OpenfootballScore,
  type ScorePair,
  openfootballFeed,
} from './openfootball-feed.js';
import { decodeText, isCalendarDate } from './text.js';
import type { Adapter, AdapterOptions, InputFile } from './types.js';

const SCORE_KEYS = ['ft', 'ht', 'et', 'p'] as const;

export const openfootballJsonAdapter: Adapter = {
  format: 'openfootball-json',
  detect(file: InputFile): boolean {
    if (!/\.json$/i.test(file.name)) return false;
    const head = file.content.subarray(0, 4096).toString('utf8');
    return /^\s*\{/.test(head) && /"matches"\s*:/.test(head) && /"name"\s*:/.test(head) && !/"formato"\s*:/.test(head);
  },
  read(files: readonly InputFile[], options: AdapterOptions): Feed[] {
    return files.map((file) => readJson(file, options));
  },
};

class Invalid extends Error {
  constructor(
    readonly pointer: string,
    reason: string,
  ) {
    super(reason);
  }
}

function readJson(file: InputFile, options: AdapterOptions): Feed {
  const parsed = parseJson(decodeText(file));
  if (!parsed.ok) {
    const { line, column, reason } = parsed.problem;
    throw new FeedRejectedError([
      { file: file.name, position: { line, column }, reason: `JSON malformado: ${reason}` },
    ]);
  }
  try {
    const doc = record(parsed.value, '');
    const title = text(doc.name, '/name');
    if (!Array.isArray(doc.matches)) throw new Invalid('/matches', 'esperada uma lista de partidas');
    const matches = doc.matches.map((value, i) => match(value, `/matches/${i}`));
    return openfootballFeed({ file: file.name, title, titlePosition: { pointer: '/name' }, matches }, options);
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    throw new FeedRejectedError([{ file: file.name, position: { pointer: err.pointer }, reason: err.message }]);
  }
}

function match(value: unknown, at: string): OpenfootballMatch {
  const m = record(value, at);
  const date = text(m.date, `${at}/date`);
  if (!isCalendarDate(date)) throw new Invalid(`${at}/date`, `data inválida "${date}" (esperado AAAA-MM-DD)`);
  let time: string | null = null;
  if (m.time !== undefined) {
    time = text(m.time, `${at}/time`);
    const hm = /^(\d{1,2}):(\d{2})$/.exec(time);
    if (!hm || Number(hm[1]) > 23 || Number(hm[2]) > 59)
      throw new Invalid(`${at}/time`, `horário inválido "${time}" (esperado HH:MM)`);
    time = `${hm[1]?.padStart(2, '0')}:${hm[2]}`;
  }
  return {
    position: { pointer: at },
    round: text(m.round, `${at}/round`),
    date,
    time,
    team1: text(m.team1, `${at}/team1`),
    team2: text(m.team2, `${at}/team2`),
    score: m.score === undefined ? {} : score(m.score, `${at}/score`),
  };
}

function score(value: unknown, at: string): OpenfootballScore {
  const s = record(value, at);
  const out: { -readonly [K in keyof OpenfootballScore]: OpenfootballScore[K] } = {};
  for (const key of SCORE_KEYS) {
    const v = s[key];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n) && (n as number) >= 0)) {
      throw new Invalid(`${at}/${key}`, 'esperado um par de placares [mandante, visitante], inteiros ≥ 0');
    }
    out[key] = v as unknown as ScorePair;
  }
  if ((out.et || out.p) && !out.ft)
    throw new Invalid(`${at}/ft`, 'prorrogação ou pênaltis sem o placar do tempo normal');
  return out;
}

function record(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Invalid(at, 'esperado um objeto');
  return value as Record<string, unknown>;
}

function text(value: unknown, at: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Invalid(at, 'esperado um texto não vazio');
  return value.trim();
}
