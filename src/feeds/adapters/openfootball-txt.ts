/**
 * openfootball football.txt (e.g. south-america/brazil/2019_br1.txt):
 *
 *   = Brasileiro Série A 2019
 *   » Matchday 1                      (knockout files: » Round 1)
 *     Sat Apr/27 2019                 (the year is carried to following dates until restated)
 *       16.00  São Paulo FC   v Botafogo RJ   2-0 (1-0)
 *              Chapecoense    v Internacional 2-0 (1-0)    (no time: the previous line's kick-off)
 *
 * Results: `2-0`, `2-0 (1-0)` (half time), `4-5 pen. (2-2, 0-1)` (shoot-out, full time, half time),
 * `1-4 pen. 1-4 a.e.t. (1-1, 0-0)`, `2-1 a.e.t. (1-1)`, none (fixture), and the marks `[postponed]`,
 * `[awarded]` and the like.
 */
import type { Feed } from '../canonical.js';
import {
  type OpenfootballMatch,
  type OpenfootballScore,
  type ScorePair,
  openfootballFeed,
} from './openfootball-feed.js';
import { decodeText, isCalendarDate, rejectAt } from './text.js';
import type { Adapter, AdapterOptions, InputFile } from './types.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TITLE = /^=\s*(.+?)\s*$/;
const HEADING = /^»\s*(.+?)\s*$/;
const DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2})\/(\d{1,2})(?:\s+(\d{4}))?$/;
const MATCH = /^(?:(\d{1,2})[.:](\d{2})\s+)?(.+?)\s+v\s+(.+)$/;
/** Where the result starts after the away team: two spaces or more, or one before a score or a mark. */
const RESULT_START = /\s{2,}|\s(?=\d+-\d+|\[)/;
const RESULT =
  /^(?:(\d+)-(\d+)\s+pen\.\s*)?(?:(\d+)-(\d+)\s+a\.e\.t\.\s*)?(?:(\d+)-(\d+)\s*)?(?:\((\d+)-(\d+)(?:,\s*(\d+)-(\d+))?\)\s*)?(?:\[([a-z ]+)\])?$/;
/** Marks after a result: `[awarded]` keeps the score; the others mean the match was not played as listed. */
const NOT_PLAYED = new Set(['postponed', 'cancelled', 'canceled', 'abandoned', 'suspended']);
const PLAYED = new Set(['awarded', 'annulled']);

export const openfootballTxtAdapter: Adapter = {
  format: 'openfootball-txt',
  detect(file: InputFile): boolean {
    if (!/\.txt$/i.test(file.name)) return false;
    const head = file.content.subarray(0, 4096).toString('utf8');
    return /^=\s*\S/m.test(head) && /^»\s*\S/m.test(head);
  },
  read(files: readonly InputFile[], options: AdapterOptions): Feed[] {
    return files.map((file) => readTxt(file, options));
  },
};

function readTxt(file: InputFile, options: AdapterOptions): Feed {
  const lines = decodeText(file).split(/\r?\n/);
  let title: string | undefined;
  let titleLine = 1;
  let round: string | undefined;
  let date: { month: number; day: number } | undefined;
  let year: number | undefined;
  let time: string | null = null;
  const matches: OpenfootballMatch[] = [];

  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fail = (reason: string) => rejectAt(file.name, lineNo, reason);
    let m: RegExpExecArray | null;
    if ((m = TITLE.exec(line))) {
      if (title === undefined) {
        title = m[1];
        titleLine = lineNo;
      }
    } else if ((m = HEADING.exec(line))) {
      round = m[1];
    } else if ((m = DATE.exec(line))) {
      const month = MONTHS.indexOf(m[1] ?? '');
      if (month < 0) throw fail(`mês desconhecido "${m[1]}"`);
      if (m[3]) year = Number(m[3]);
      if (year === undefined) throw fail('data sem ano (o primeiro dia do arquivo deve dizer o ano)');
      date = { month: month + 1, day: Number(m[2]) };
      time = null;
    } else if ((m = MATCH.exec(line))) {
      if (round === undefined) throw fail('partida antes de qualquer rodada (» Matchday N / » Round N)');
      if (!date || year === undefined) throw fail('partida antes de qualquer data');
      if (m[1] !== undefined) {
        const hh = Number(m[1]);
        const mm = Number(m[2]);
        if (hh > 23 || mm > 59) throw fail(`horário inválido "${m[1]}.${m[2]}"`);
        time = `${String(hh).padStart(2, '0')}:${m[2]}`;
      }
      const day = `${year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
      if (!isCalendarDate(day)) throw fail(`data inexistente ${day}`);
      const away = (m[4] ?? '').trim();
      const cut = RESULT_START.exec(away);
      const team2 = cut ? away.slice(0, cut.index) : away;
      const result = parseResult(cut ? away.slice(cut.index).trim() : '');
      if (typeof result === 'string') throw fail(result);
      matches.push({
        position: { line: lineNo },
        round,
        date: day,
        time,
        team1: (m[3] ?? '').trim(),
        team2,
        score: result.score,
        ...(result.adiado ? { adiado: true } : {}),
      });
    } else {
      throw fail(`linha não reconhecida: "${line}"`);
    }
  });
  if (title === undefined) throw rejectAt(file.name, 1, 'falta o título (= Nome da competição Temporada)');
  return openfootballFeed({ file: file.name, title, titlePosition: { line: titleLine }, matches }, options);
}

/** The parsed result, or the reason it cannot be read. */
function parseResult(text: string): { score: OpenfootballScore; adiado: boolean } | string {
  if (text === '') return { score: {}, adiado: false };
  const m = RESULT.exec(text);
  if (!m) return `resultado ilegível: "${text}"`;
  const pair = (a: number, b: number): ScorePair | undefined =>
    m[a] !== undefined && m[b] !== undefined ? [Number(m[a]), Number(m[b])] : undefined;
  const p = pair(1, 2);
  const et = pair(3, 4);
  const bare = pair(5, 6);
  const first = pair(7, 8);
  const second = pair(9, 10);
  const mark = m[11]?.trim();
  if (mark !== undefined && !NOT_PLAYED.has(mark) && !PLAYED.has(mark)) return `marca desconhecida "[${mark}]"`;
  // With a plain score it is the full time and the parentheses hold half time; after `pen.`/`a.e.t.` alone
  // the parentheses hold full time (and half time).
  let ft: ScorePair | undefined;
  let ht: ScorePair | undefined;
  if (bare) {
    if (second) return `resultado ilegível: "${text}" (dois placares entre parênteses depois do placar final)`;
    [ft, ht] = [bare, first];
  } else if (first) {
    if (!p && !et) return `resultado ilegível: "${text}" (falta o placar final)`;
    [ft, ht] = [first, second];
  }
  if ((p || et) && !ft) return `resultado ilegível: "${text}" (falta o placar do tempo normal)`;
  if (mark === 'awarded' && !ft) return `resultado ilegível: "${text}" ([awarded] sem placar)`;
  const score: OpenfootballScore = {
    ...(ft ? { ft } : {}),
    ...(ht ? { ht } : {}),
    ...(et ? { et } : {}),
    ...(p ? { p } : {}),
  };
  return { score, adiado: mark !== undefined && NOT_PLAYED.has(mark) };
}
