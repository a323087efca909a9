/**
 * People: a player record is one name at one club (`jogadores`, as the sources name players); a person is
 * the records that are one player's career. Records group by `chave_pessoa` (the folded name through the
 * player alias table), then, in order of first appearance, a record joins the one person it can belong to:
 * - never two clubs on the same dates: a stint (first to last appearance in a championship) at another club
 *   that overlaps one of the person's is a different player;
 * - never two kinds of player: a goalkeeper, a defender and a midfielder/forward (the record's position)
 *   are different players;
 * - a record with no appearance has no career to compare: it stays a person of its own.
 * A record that could join two or more people joins none and is reported (`PessoaAmbigua`). Rules and
 * limits: docs/loading-data.md, "Players across clubs and spellings".
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { appendRows, idList, idSetMacro, queryRows, readSql } from './duckdb-util.js';

const CAREERS_SQL = readSql(new URL('./sql/people-careers.sql', import.meta.url));
const WRITE_SQL = readSql(new URL('./sql/people-write.sql', import.meta.url));
const SETTLED_SQL = readSql(new URL('./sql/people-settled.sql', import.meta.url));

/** A record that several people could own, left a person of its own. */
export interface PessoaAmbigua {
  jogador_id: number;
  nome: string;
  time_id: number | null;
  /** The people (ids) it could have joined. */
  candidatos: number[];
}

export interface PeopleResult {
  /** Record and person ids whose served person changed (the manifest's `alteracoes.jogadores`). */
  alterados: number[];
  /** Championships with goals of those people: their top scorers change. */
  campeonatoIds: number[];
  ambiguas: PessoaAmbigua[];
}

interface Stint {
  inicio: string;
  fim: string;
}

interface PlayerRecord {
  id: number;
  nome: string;
  chave: string;
  timeId: number | null;
  posicao: string | null;
  numero: number | null;
  stints: Stint[];
  primeira: string | null;
  ultima: string | null;
}

interface Person {
  records: PlayerRecord[];
}

/** goleiro, defence, the rest: positions a player moves between within one group, never across. */
const POSITION_GROUP: Readonly<Record<string, number>> = {
  goleiro: 0,
  zagueiro: 1,
  lateral: 1,
  volante: 2,
  meia: 2,
  atacante: 2,
};

/**
 * The records whose people a load may have changed (the scope of resolvePeople): those whose record or lineup it
 * wrote, and those its events name unless a new appearance cannot change their person (sql/people-settled.sql):
 * a live goal by a player of a name of their own then costs no careers pass.
 */
export async function playersToResolve(
  conn: DuckDBConnection,
  tocados: { registros: readonly number[]; eventos: readonly number[] },
  /** The matches the load wrote. */
  partidaIds: readonly number[],
): Promise<number[]> {
  if (tocados.eventos.length === 0) return [...tocados.registros];
  const settled = await queryRows<{ id: number }>(
    conn,
    `${idSetMacro('pessoas_candidatas', tocados.eventos)}\n${idSetMacro('pessoas_partidas', partidaIds)}\n${SETTLED_SQL}`,
  );
  const skip = new Set(settled.map((r) => r.id));
  return [...tocados.registros, ...tocados.eventos.filter((id) => !skip.has(id))];
}

/**
 * Recomputes the people of the names of these records (inside the caller's transaction): their names now and
 * the names of the people they belonged to (a new alias moves a record to another name). All when omitted.
 */
export async function resolvePeople(conn: DuckDBConnection, jogadores?: readonly number[]): Promise<PeopleResult> {
  await conn.run(
    jogadores === undefined
      ? 'CREATE OR REPLACE TEMP TABLE pessoas_escopo AS SELECT DISTINCT chave_pessoa AS chave FROM jogadores'
      : `CREATE OR REPLACE TEMP TABLE pessoas_escopo AS
         SELECT j.chave_pessoa AS chave FROM jogadores j WHERE j.id IN (${idList(jogadores)})
         UNION SELECT r.chave_pessoa FROM jogadores j JOIN jogadores r ON r.id = j.pessoa_id WHERE j.id IN (${idList(jogadores)})`,
  );
  const records = await readRecords(conn);
  const byName = new Map<string, PlayerRecord[]>();
  for (const r of records) {
    const group = byName.get(r.chave);
    if (group) group.push(r);
    else byName.set(r.chave, [r]);
  }
  const people: Person[] = [];
  const ambiguas: PessoaAmbigua[] = [];
  for (const group of byName.values()) people.push(...groupPeople(group, ambiguas));
  await conn.run(
    'CREATE OR REPLACE TEMP TABLE pessoas_calculadas (id INTEGER, time_id INTEGER, posicao VARCHAR, numero_camisa INTEGER, registros VARCHAR, clubes VARCHAR, grafias VARCHAR)',
  );
  const columns = ['id', 'time_id', 'posicao', 'numero_camisa', 'registros', 'clubes', 'grafias'];
  await appendRows(conn, 'pessoas_calculadas', columns, people.map(personRow));
  await conn.run(WRITE_SQL);
  const alterados = (
    await queryRows<{ id: number }>(conn, 'SELECT id FROM pessoas_alteradas WHERE id IS NOT NULL')
  ).map((r) => r.id);
  const campeonatos =
    alterados.length === 0
      ? []
      : await queryRows<{ id: number }>(
          conn,
          `SELECT DISTINCT p.campeonato_id AS id FROM eventos e JOIN partidas p ON p.id = e.partida_id
           WHERE e.tipo IN ('gol', 'penalti')
             AND e.jogador_id IN (SELECT unnest(registros) FROM pessoas_novas WHERE id IN (SELECT id FROM pessoas_alteradas))`,
        );
  return { alterados, campeonatoIds: campeonatos.map((c) => c.id), ambiguas };
}

async function readRecords(conn: DuckDBConnection): Promise<PlayerRecord[]> {
  const rows = await queryRows<{
    id: number;
    nome: string;
    chave_pessoa: string;
    time_id: number | null;
    posicao: string | null;
    numero_camisa: number | null;
    inicio: string | null;
    fim: string | null;
    escalado_posicao: string | null;
    escalado_numero: number | null;
  }>(conn, CAREERS_SQL);
  const records: PlayerRecord[] = [];
  for (const row of rows) {
    let r = records[records.length - 1];
    if (r?.id !== row.id) {
      r = {
        id: row.id,
        nome: row.nome,
        chave: row.chave_pessoa,
        timeId: row.time_id,
        // The record's own, else its latest lineup's (a canonical feed may name a player only there).
        posicao: row.posicao ?? lineupPosition(row.escalado_posicao),
        numero: row.numero_camisa ?? row.escalado_numero,
        stints: [],
        primeira: null,
        ultima: null,
      };
      records.push(r);
    }
    if (row.inicio === null || row.fim === null) continue;
    r.stints.push({ inicio: row.inicio, fim: row.fim });
    if (r.primeira === null || row.inicio < r.primeira) r.primeira = row.inicio;
    if (r.ultima === null || row.fim > r.ultima) r.ultima = row.fim;
  }
  return records;
}

/** The people of one name, records taken in order of first appearance (see the module comment). */
function groupPeople(group: PlayerRecord[], ambiguas: PessoaAmbigua[]): Person[] {
  if (group.length === 1) return [{ records: group }];
  const ordered = [...group].sort((a, b) => compareDates(a.primeira, b.primeira) || a.id - b.id);
  const people: Person[] = [];
  for (const r of ordered) {
    const candidates = r.stints.length === 0 ? [] : people.filter((p) => canJoin(p, r));
    const [only] = candidates;
    if (candidates.length === 1 && only) {
      only.records.push(r);
      continue;
    }
    if (candidates.length > 1)
      ambiguas.push({ jogador_id: r.id, nome: r.nome, time_id: r.timeId, candidatos: candidates.map(personId) });
    people.push({ records: [r] });
  }
  return people;
}

function canJoin(person: Person, r: PlayerRecord): boolean {
  return person.records.every((q) => {
    if (q.stints.length === 0) return false;
    const gq = q.posicao === null ? undefined : POSITION_GROUP[q.posicao];
    const gr = r.posicao === null ? undefined : POSITION_GROUP[r.posicao];
    if (gq !== undefined && gr !== undefined && gq !== gr) return false;
    // The same club under two spellings (the alias table said so) is the same squad, not a second club.
    if (q.timeId === r.timeId) return true;
    return !q.stints.some((s) => r.stints.some((t) => s.inicio <= t.fim && t.inicio <= s.fim));
  });
}

/** A lineup's position (sigla or name, as sources write it) as a Player `posicao`; null when unknown. */
const LINEUP_POSITIONS: Readonly<Record<string, string>> = {
  gol: 'goleiro',
  goleiro: 'goleiro',
  zag: 'zagueiro',
  zagueiro: 'zagueiro',
  lat: 'lateral',
  lateral: 'lateral',
  vol: 'volante',
  volante: 'volante',
  mei: 'meia',
  meia: 'meia',
  ata: 'atacante',
  atacante: 'atacante',
};

function lineupPosition(text: string | null): string | null {
  return text === null ? null : (LINEUP_POSITIONS[text.trim().toLowerCase()] ?? null);
}

/** Dates as YYYY-MM-DD; none sorts last. */
function compareDates(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function personId(p: Person): number {
  return Math.min(...p.records.map((r) => r.id));
}

function personRow(p: Person): Record<string, unknown> {
  // Latest appearance last: the current club, position and number are the latest record's that has them.
  const byLast = [...p.records].sort((a, b) => (a.ultima ?? '').localeCompare(b.ultima ?? '') || a.id - b.id);
  const latest = <T>(pick: (r: PlayerRecord) => T | null): T | null =>
    byLast.reduceRight<T | null>((found, r) => found ?? pick(r), null);
  const clubes = [...new Set(p.records.flatMap((r) => (r.timeId === null ? [] : [r.timeId])))];
  return {
    id: personId(p),
    time_id: latest((r) => r.timeId),
    posicao: latest((r) => r.posicao),
    numero_camisa: latest((r) => r.numero),
    registros: JSON.stringify(p.records.map((r) => r.id)),
    clubes: JSON.stringify(clubes),
    grafias: JSON.stringify([...new Set(p.records.map((r) => r.nome))]),
  };
}
