/**
 * The Brasileirão CSV family (adaoduque/Brasileirao_Dataset): four files read together — matches
 * (`campeonato-brasileiro-full.csv`), goals (`-gols.csv`), cards (`-cartoes.csv`) and per-team statistics
 * (`-estatisticas-full.csv`) — into one canonical feed with one championship per season. Files are known
 * by their header, not their name; the matches file is required, the other three are optional.
 *
 * Seasons: the file is not in date order and a season may cross New Year (2020 ran into February 2021), so
 * matches are sorted by date and a new season starts where the round sequence starts again (a round number
 * not above the highest so far) after a break of SEASON_BREAK_DAYS or more (mid-season breaks in 2003–2024
 * are at most 42 days, off-seasons at least 93). A season is named by the year of its first match.
 */
import path from 'node:path';
import type {
  Feed,
  FeedCampeonato,
  FeedEscalacao,
  FeedEstatisticas,
  FeedEvento,
  FeedPartida,
  FeedRodada,
  FeedTime,
  Lado,
  TipoEvento,
} from '../canonical.js';
import { FEED_FORMAT } from '../canonical.js';
import { resolveTeamName } from '../team-names.js';
import type { RegisteredAdapter } from './index.js';
import { brasiliaKickoff } from './brasilia-time.js';
import { decodeText, isCalendarDate, rejectAt, scanCsv } from './text.js';
import type { AdapterOptions, InputFile } from './types.js';
import { COUNT, STAT_COLUMNS, statisticsRow } from './brasileirao-csv-statistics.js';
import { CardPlayers } from './brasileirao-csv-players.js';

export const BRASILEIRAO_SOURCE = 'brasileirao-dataset';
const SEASON_BREAK_DAYS = 60;
const DAY_MS = 86_400_000;
const MINUTE = /^(\d{1,3})(?:\+(\d{1,2}))?$/;
/** The canonical feed's limits for a minute and its stoppage time. */
const MAX_MINUTE = 120;
const MAX_STOPPAGE = 30;

const COLUMNS = {
  partidas: [
    'ID',
    'rodata',
    'data',
    'hora',
    'mandante',
    'visitante',
    'formacao_mandante',
    'formacao_visitante',
    'tecnico_mandante',
    'tecnico_visitante',
    'arena',
    'mandante_Placar',
    'visitante_Placar',
    'mandante_Estado',
    'visitante_Estado',
  ],
  gols: ['partida_id', 'clube', 'atleta', 'minuto', 'tipo_de_gol'],
  cartoes: ['partida_id', 'clube', 'cartao', 'atleta', 'minuto'],
  estatisticas: ['partida_id', 'clube', ...STAT_COLUMNS],
} as const;
type Kind = keyof typeof COLUMNS;
const KINDS = Object.keys(COLUMNS) as Kind[];

const GOAL_TYPES: Record<string, TipoEvento> = { '': 'gol', Penalty: 'penalti', 'Gol Contra': 'gol_contra' };
const CARD_TYPES: Record<string, TipoEvento> = { Amarelo: 'cartao_amarelo', Vermelho: 'cartao_vermelho' };

/** Which file of the family this is, from its header line. */
function kindOf(file: InputFile): Kind | undefined {
  if (!/\.csv$/i.test(file.name)) return undefined;
  const head = file.content
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const header = new Set(
    head
      .split(/\r?\n/, 1)[0]
      ?.split(',')
      .map((c) => c.replace(/^"|"$/g, '')),
  );
  return KINDS.find((k) => COLUMNS[k].every((c) => header.has(c)));
}

export const brasileiraoCsvAdapter: RegisteredAdapter = {
  format: 'brasileirao-csv',
  detect: (file) => kindOf(file) !== undefined,
  /** The family's files in one folder form one group. */
  group(files) {
    const byFolder = new Map<string, InputFile[]>();
    for (const file of files) {
      if (!kindOf(file)) continue;
      const folder = path.dirname(file.name);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
    }
    return [...byFolder.values()];
  },
  read(files, options) {
    return [readFamily(files, options)];
  },
  /**
   * Every record is built from cells this adapter has checked (ids, dates, times, counts, minutes, known
   * types), so only championships made from user options need the schema; skipping the rest spares the
   * schema's compilation and ~70k record checks (docs/decisions.md, "Brasileirão CSV family").
   */
  schemaChecked: (options) =>
    Object.values(options.campeonato ?? {}).some((v) => v !== undefined) ? ['campeonatos'] : [],
};

/** A file's header, its columns looked up by name. */
class Sheet {
  private readonly index: Map<string, number>;
  constructor(
    readonly file: string,
    header: readonly string[],
  ) {
    this.index = new Map(header.map((h, i) => [h, i]));
  }
  column(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw rejectAt(this.file, 1, `falta a coluna "${name}"`);
    return i;
  }
  /** A column the file may lack: its cells then read as empty. */
  optionalColumn(name: string): number {
    return this.index.get(name) ?? -1;
  }
}

type RowReader = (row: readonly string[], line: number) => void;

/** Streams a file's rows to the reader `start` returns once it has seen the header (see scanCsv). */
function readSheet(file: InputFile, start: (sheet: Sheet) => RowReader): void {
  scanCsv(decodeText(file), file.name, (header) => start(new Sheet(file.name, header)));
}

interface Match {
  /** `campeonato` and `rodada` are set once the seasons are known (they depend on every match's date). */
  partida: FeedPartida;
  time: number;
  rodada: number;
  escalacoes: FeedEscalacao[];
}

function readFamily(files: readonly InputFile[], options: AdapterOptions): Feed {
  const byKind = new Map<Kind, InputFile>();
  for (const file of files) {
    const kind = kindOf(file);
    if (!kind) throw rejectAt(file.name, 1, 'cabeçalho não é de nenhum arquivo da família Brasileirão CSV');
    const other = byKind.get(kind);
    if (other) throw rejectAt(file.name, undefined, `dois arquivos de ${kind} no mesmo grupo (o outro: ${other.name})`);
    byKind.set(kind, file);
  }
  const matchesFile = byKind.get('partidas');
  if (!matchesFile) {
    throw rejectAt(
      files[0]?.name ?? '?',
      undefined,
      'falta o arquivo de partidas (campeonato-brasileiro-full.csv) no grupo',
    );
  }
  const times = new Map<string, FeedTime>();
  const matches = readMatches(matchesFile, times);
  const { campeonatos, rodadas } = seasons(matchesFile.name, matches, options);
  const eventos: FeedEvento[] = [];
  const goals = byKind.get('gols');
  if (goals) readEvents(goals, matches, eventos, 'gol', 'tipo_de_gol', GOAL_TYPES);
  const cards = byKind.get('cartoes');
  const players = new CardPlayers();
  if (cards) readEvents(cards, matches, eventos, 'cartao', 'cartao', CARD_TYPES, players);
  const stats = byKind.get('estatisticas');
  const all = [...matches.values()];
  return {
    formato: FEED_FORMAT,
    fonte: BRASILEIRAO_SOURCE,
    campeonatos,
    rodadas,
    times: [...times.values()],
    jogadores: players.list(),
    partidas: all.map((m) => m.partida),
    eventos,
    escalacoes: all.flatMap((m) => m.escalacoes),
    ...(stats ? { estatisticas: readStatistics(stats, matches) } : {}),
  };
}

function readMatches(file: InputFile, times: Map<string, FeedTime>): Map<string, Match> {
  const matches = new Map<string, Match>();
  readSheet(file, (sheet) => {
    const c = Object.fromEntries(COLUMNS.partidas.map((name) => [name, sheet.column(name)])) as Record<
      (typeof COLUMNS.partidas)[number],
      number
    >;
    return (row, line) => readMatch(row, c, times, matches, (reason) => rejectAt(file.name, line, reason));
  });
  return matches;
}

/** One row of the matches file into `matches`, its clubs into `times`. */
function readMatch(
  row: readonly string[],
  c: Record<(typeof COLUMNS.partidas)[number], number>,
  times: Map<string, FeedTime>,
  matches: Map<string, Match>,
  fail: (reason: string) => Error,
): void {
  const id = cell(row, c.ID);
  if (!/^\d+$/.test(id)) throw fail(`ID inválido "${id}"`);
  if (matches.has(id)) throw fail(`ID ${id} repetido`);
  const rodada = positive(cell(row, c.rodata), 'rodata', fail);
  const dm = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cell(row, c.data));
  const date = dm ? `${dm[3]}-${dm[2]}-${dm[1]}` : '';
  if (!isCalendarDate(date)) throw fail(`data inválida "${cell(row, c.data)}" (esperado DD/MM/AAAA)`);
  const hora = cell(row, c.hora);
  if (hora !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(hora)) throw fail(`hora inválida "${hora}" (esperado HH:MM)`);
  const sides = (['mandante', 'visitante'] as const).map((lado) => {
    const nome = cell(row, c[lado]);
    if (nome === '') throw fail(`${lado} vazio`);
    if (!times.has(nome)) {
      const estado = cell(row, c[`${lado}_Estado`]);
      const resolved = resolveTeamName(nome).nome;
      // A user alias file can name a club with an empty string; the canonical feed needs a name.
      if (resolved === '') throw fail(`${lado} "${nome}" tem nome vazio no arquivo de apelidos`);
      times.set(nome, {
        id: nome,
        nome: resolved,
        ...(resolved === nome ? {} : { apelidos: [nome] }),
        ...(estado ? { estado } : {}),
      });
    }
    const formacao = cell(row, c[`formacao_${lado}`]) || null;
    const tecnico = cell(row, c[`tecnico_${lado}`]) || null;
    return { lado, nome, placar: count(cell(row, c[`${lado}_Placar`]), `${lado}_Placar`, fail), formacao, tecnico };
  });
  const [home, away] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const partida: FeedPartida = {
    id,
    campeonato: '',
    rodada: '',
    mandante: home.nome,
    visitante: away.nome,
    status: 'encerrado',
    placar_mandante: home.placar,
    placar_visitante: away.placar,
    prorrogacao: false,
    penalti: null,
    data_hora: brasiliaKickoff(date, hora || null),
    ...(hora ? {} : { data: date }),
    estadio: cell(row, c.arena) || null,
  };
  const escalacoes = sides
    .filter((s) => s.formacao !== null || s.tecnico !== null)
    .map(
      (s): FeedEscalacao => ({
        partida: id,
        lado: s.lado,
        formacao: s.formacao,
        tecnico: s.tecnico,
        confirmada: true,
        titulares: [],
        reservas: [],
      }),
    );
  matches.set(id, { partida, time: Date.parse(date), rodada, escalacoes });
}

/** Splits the matches into seasons (see the header comment) and points each at its championship and round. */
function seasons(
  file: string,
  matches: Map<string, Match>,
  options: AdapterOptions,
): { campeonatos: FeedCampeonato[]; rodadas: FeedRodada[] } {
  const sorted = [...matches.values()].sort((a, b) => a.time - b.time || Number(a.partida.id) - Number(b.partida.id));
  const runs: Match[][] = [];
  let previous = -Infinity;
  let highestRound = 0;
  for (const m of sorted) {
    if (m.time - previous >= SEASON_BREAK_DAYS * DAY_MS && m.rodada <= highestRound) highestRound = 0;
    if (highestRound === 0) runs.push([]);
    runs[runs.length - 1]?.push(m);
    highestRound = Math.max(highestRound, m.rodada);
    previous = m.time;
  }
  const o = options.campeonato ?? {};
  if (o.temporada !== undefined && runs.length > 1) {
    throw rejectAt(
      file,
      undefined,
      `a opção temporada vale para um arquivo de uma só temporada; este tem ${runs.length}`,
    );
  }
  const nome = o.nome ?? 'Campeonato Brasileiro Série A';
  const slug = o.slug ?? 'campeonato-brasileiro-serie-a';
  const campeonatos: FeedCampeonato[] = [];
  const rodadas: FeedRodada[] = [];
  for (const run of runs) {
    const temporada = o.temporada ?? new Date(run[0]?.time ?? 0).getUTCFullYear().toString();
    const campeonato = `${slug}/${temporada}`;
    campeonatos.push({
      id: campeonato,
      nome,
      nome_popular: o.nome_popular ?? (o.nome ? nome : 'Brasileirão Série A'),
      slug,
      temporada,
      tipo: o.tipo ?? 'pontos-corridos',
      regiao: o.regiao ?? 'nacional',
    });
    const numbers = new Set<number>();
    for (const m of run) {
      m.partida.campeonato = campeonato;
      m.partida.rodada = `${campeonato}/rodada-${m.rodada}`;
      numbers.add(m.rodada);
    }
    for (const numero of [...numbers].sort((a, b) => a - b))
      rodadas.push({ id: `${campeonato}/rodada-${numero}`, campeonato, numero });
  }
  return { campeonatos, rodadas };
}

/**
 * Goals or cards: one event per row, ids numbered per match in file order. `players`: the cards file's
 * players, with their shirt number and position where the file has those columns.
 */
function readEvents(
  file: InputFile,
  matches: Map<string, Match>,
  out: FeedEvento[],
  prefix: string,
  typeColumn: string,
  types: Record<string, TipoEvento>,
  players?: CardPlayers,
): void {
  const perMatch = new Map<string, number>();
  readSheet(file, (sheet) => {
    const [cMatch, cClub, cType, cPlayer, cMinute] = ['partida_id', 'clube', typeColumn, 'atleta', 'minuto'].map((n) =>
      sheet.column(n),
    ) as [number, number, number, number, number];
    const [cShirt, cPosition] = [sheet.optionalColumn('num_camisa'), sheet.optionalColumn('posicao')];
    return (row, line) => {
      const { partida, lado } = sideOf(file.name, line, matches, cell(row, cMatch), cell(row, cClub));
      const type = cell(row, cType);
      const tipo = types[type];
      if (!tipo) {
        const accepted = Object.keys(types)
          .map((k) => `"${k}"`)
          .join(', ');
        throw rejectAt(file.name, line, `${typeColumn} desconhecido "${type}" (aceitos: ${accepted})`);
      }
      const minuteText = cell(row, cMinute);
      const minute = MINUTE.exec(minuteText);
      if (!minute || Number(minute[1]) > MAX_MINUTE) {
        throw rejectAt(
          file.name,
          line,
          `minuto inválido "${minuteText}" (esperado 0..${MAX_MINUTE}, com acréscimo como 45+2)`,
        );
      }
      if (Number(minute[2] ?? 0) > MAX_STOPPAGE) {
        throw rejectAt(file.name, line, `acréscimo inválido "${minuteText}" (esperado 0..${MAX_STOPPAGE})`);
      }
      const id = String(partida.id);
      const n = (perMatch.get(id) ?? 0) + 1;
      perMatch.set(id, n);
      const time = lado === 'mandante' ? partida.mandante : partida.visitante;
      players?.add(time, cell(row, cPlayer), cell(row, cShirt), cell(row, cPosition));
      out.push({
        id: `${id}/${prefix}-${n}`,
        partida: partida.id,
        tipo,
        minuto: Number(minute[1]),
        acrescimo: minute[2] === undefined ? null : Number(minute[2]),
        time,
        jogador: cell(row, cPlayer) || null,
      });
    };
  });
}

function readStatistics(file: InputFile, matches: Map<string, Match>): FeedEstatisticas[] {
  const seen = new Set<string>();
  const out: FeedEstatisticas[] = [];
  readSheet(file, (sheet) => {
    const cMatch = sheet.column('partida_id');
    const cClub = sheet.column('clube');
    const columns = STAT_COLUMNS.map((name) => sheet.column(name));
    return (row, line) => {
      const { partida, lado } = sideOf(file.name, line, matches, cell(row, cMatch), cell(row, cClub));
      const key = `${partida.id}/${lado}`;
      if (seen.has(key)) throw rejectAt(file.name, line, `estatísticas repetidas da partida ${partida.id} (${lado})`);
      seen.add(key);
      const record = statisticsRow(
        columns.map((i) => cell(row, i)),
        { partida: partida.id, lado, origem: 'basica' } as FeedEstatisticas,
      );
      if (typeof record === 'string') throw rejectAt(file.name, line, record);
      out.push(record);
    };
  });
  return out;
}

function cell(row: readonly string[], i: number): string {
  return (row[i] ?? '').trim();
}

function sideOf(
  file: string,
  line: number,
  matches: Map<string, Match>,
  id: string,
  club: string,
): { partida: FeedPartida; lado: Lado } {
  const match = matches.get(id);
  if (!match) throw rejectAt(file, line, `partida_id ${id} não existe no arquivo de partidas`);
  const { partida } = match;
  if (club === partida.mandante) return { partida, lado: 'mandante' };
  if (club === partida.visitante) return { partida, lado: 'visitante' };
  throw rejectAt(
    file,
    line,
    `clube "${club}" não joga a partida ${id} (${String(partida.mandante)} x ${String(partida.visitante)})`,
  );
}

function count(text: string, column: string, fail: (reason: string) => Error): number {
  if (!COUNT.test(text)) throw fail(`${column} inválido "${text}" (esperado inteiro ≥ 0)`);
  return Number(text);
}

function positive(text: string, column: string, fail: (reason: string) => Error): number {
  const n = count(text, column, fail);
  if (n < 1) throw fail(`${column} inválido "${text}" (esperado inteiro ≥ 1)`);
  return n;
}
