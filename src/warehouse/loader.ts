import type { DuckDBConnection } from '@duckdb/node-api';
import type { Feed, FeedJogadorEscalado, FeedPartida, SourceId } from '../feeds/canonical.js';
import type { NamedFeed } from '../feeds/adapters/index.js';
import { FeedRejectedError, type FeedIssue } from '../feeds/errors.js';
import { tieSourceKey, sourceKeyOf, fonteOf, keyString, type Entidade, type SourceKey } from '../feeds/source-keys.js';
import { normalizeTeamName } from '../feeds/team-names.js';
import { PUBLIC_ADJUSTMENTS, PUBLIC_RECORD_SOURCE } from '../feeds/public-record.js';
import { LIST, VARCHAR, listValue } from '@duckdb/node-api';
import { appendColumns, idList, queryRows, readSql, tableColumns, type Row } from './duckdb-util.js';
import { IdResolver, type IdAllocator } from './load/id-resolver.js';
import { NamedPlayers } from './load/named-players.js';
import { applyRemovals, type Removal } from './load/removals.js';
import { StagedRows } from './load/staged-rows.js';
import { SameMatchIndex, scoresConflict, type MatchCandidate, type MatchFacts } from './load/same-match.js';
import {
  campeonatoRow,
  campeonatoSlug,
  chaveRow,
  escaladoRow,
  escalacaoRow,
  estatisticasRow,
  eventoRow,
  faseRow,
  apelidoRows,
  jogadorRow,
  mergedPartidaRow,
  partidaRow,
  rodadaRow,
  timeRow,
  type PartidaRefs,
} from './load/rows.js';
import { normalizePlayerName } from './slug.js';
import { slugify } from '../slug.js';
import { stagedIdsMacro } from './load/staged-ids.js';
import { fact, isRegression, rowConflicts, STORED_PAIRS_SQL, type Conflito } from './load/conflicts.js';
import { upsertThenScorers, TouchedRecorder, type Alteracoes } from './touched.js';

const UPSERT_SQL = upsertSections(readSql(new URL('./load/upsert.sql', import.meta.url)));

/** Tables the loader stages, in sql/schema.sql; each gets a `stage_<table>` TEMP twin. */
const STAGED_TABLES = [
  'campeonatos',
  'times',
  'times_apelidos',
  'jogadores',
  'fases',
  'chaves',
  'rodadas',
  'partidas',
  'eventos',
  'escalacoes',
  'escalacao_jogadores',
  'estatisticas',
  'ajustes_pontos',
  'id_fonte',
] as const;
type StagedTable = (typeof STAGED_TABLES)[number];

/** Whether the upsert's partidas or eventos section changed a stored row (they record that in carga_mudou). */
const MATCHES_CHANGED_SQL =
  "SELECT EXISTS (SELECT 1 FROM carga_mudou WHERE tabela IN ('partidas', 'eventos')) AS mudou";

/** `-- @table name` sections of upsert.sql: table → its statements. */
function upsertSections(sql: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of sql.split(/^-- @table /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return sections;
}

export interface LoadOptions {
  allocate: IdAllocator;
  now: Date;
  /** Ids `id_fonte` already holds for the run's keys, as returned by validateFeeds. */
  storedIds: ReadonlyMap<string, number>;
  /**
   * The snapshot holds no data yet (the first ingest into a data dir): rows go straight into its tables,
   * with no staging twin and no upsert — nothing stored to merge with, delete or compare.
   */
  emptyStore?: boolean;
  /** Apply records that move a stored match back (finished → scheduled, a score removed); else kept out. */
  allowRegress?: boolean;
  /** Called once the rows are staged, before any is written, with the matches they touch (event capture). */
  beforeWrite?: (partidaIds: number[]) => Promise<void>;
  /**
   * Called as soon as the stored matches or their events changed, when nothing the load writes after them can
   * change how a match reads (its teams, round, phase and championship are written before it; no tombstone, no team
   * to re-abbreviate): the live list ahead of its snapshot (publish.ts). Not called otherwise.
   */
  afterMatches?: () => Promise<void>;
}

export interface LoadResult {
  /** Human-readable warnings: new teams from names, tombstones of unknown records. */
  avisos: string[];
  /** Facts two sources give differently for the same match (load/conflicts.ts), each once. */
  conflitos: Conflito[];
  /** Championships whose derived data must be recomputed. */
  campeonatoIds: number[];
  /** Tables the load wrote, and `remocoes` when it applied tombstones: what derive() looks at to pick its steps. */
  escritas: string[];
  /** What the load wrote, by entity (the manifest's `alteracoes`); derive's scope is in `campeonatoIds`. */
  alteracoes: Alteracoes;
  /** Whether any stored row differs now (a row added, changed or removed): false = the ingest changes nothing. */
  mudou: boolean;
  /**
   * Players whose people may change (people.ts): `registros`, whose record or lineup the load wrote; `eventos`,
   * the others its events name (only their appearances changed).
   */
  jogadoresTocados: { registros: number[]; eventos: number[] };
}

/** A record with where it came from; its JSON pointer is only built for a message. */
class Item<T> {
  constructor(
    readonly file: string,
    readonly feed: Feed,
    readonly record: T,
    private readonly collection: string,
    private readonly index: number,
  ) {}
  get pointer(): string {
    return `/${this.collection}/${this.index}`;
  }
}

interface PartidaItem {
  it: Item<FeedPartida>;
  refs: PartidaRefs;
}

/** A player's id, none, or the name to look up in the team's squad once it is loaded. */
type PlayerRef = number | null | { timeId: number; normalizado: string };

interface MatchInfo {
  campeonato_id: number;
  mandante: number;
  visitante: number;
}

/**
 * Loads validated feeds into an open snapshot (inside the caller's transaction): resolves every source
 * key to a stable internal id, upserts every record by key through staged TEMP tables, then applies the
 * tombstones. Throws FeedRejectedError for what only the stored data can reveal (e.g. removing a team
 * that matches still use).
 */
export async function loadFeeds(
  conn: DuckDBConnection,
  feeds: readonly NamedFeed[],
  options: LoadOptions,
): Promise<LoadResult> {
  return new Load(conn, feeds, options).run();
}

class Load {
  private readonly ids: IdResolver;
  private readonly avisos: string[] = [];
  private readonly conflitos = new Map<string, Conflito>();
  private readonly rows = new Map<StagedTable, StagedRows>();
  private readonly campeonatos = new Set<number>();
  private readonly matches = new Map<number, MatchInfo>();
  private readonly teamNames = new Map<number, string>();
  /** time id → normalised player name → player id. */
  private readonly squads = new Map<number, Map<string, number>>();
  private readonly escritas: string[] = [];
  private readonly touched = new TouchedRecorder();
  private readonly playersWritten = new Set<number>();
  private readonly playersInEvents = new Set<number>();
  /** Name → normalised player name, slug per team id: the same few thousand names recur in every event. */
  private readonly playerKeys = new Map<string, string>();
  private readonly teamSlugs = new Map<number, string>();

  constructor(
    private readonly conn: DuckDBConnection,
    private readonly feeds: readonly NamedFeed[],
    private readonly options: LoadOptions,
  ) {
    this.ids = new IdResolver(options.storedIds, options.allocate);
  }

  async run(): Promise<LoadResult> {
    for (const [table, columns] of await tableColumns(this.conn, STAGED_TABLES))
      this.rows.set(table as StagedTable, new StagedRows(columns));
    await this.loadCampeonatos();
    await this.loadTimes();
    await this.loadAjustes();
    this.loadFases();
    await this.loadRodadas();
    await this.loadJogadores();
    await this.loadPartidas();
    await this.loadMatchChildren();
    for (const m of this.ids.newMappings) this.stage('id_fonte', `${m.entidade}/${m.fonte}/${m.chave}`, { ...m });
    const written = await this.writeStaged();
    const removed = await this.applyRemovals();
    const campeonatoIds = [...this.campeonatos].sort((a, b) => a - b);
    this.touched.add('campeonatos', campeonatoIds);
    return {
      avisos: this.avisos,
      conflitos: [...this.conflitos.values()],
      campeonatoIds,
      escritas: this.escritas,
      alteracoes: this.touched.result(),
      mudou: written || removed,
      jogadoresTocados: {
        registros: [...this.playersWritten],
        eventos: [...this.playersInEvents].filter((id) => !this.playersWritten.has(id)),
      },
    };
  }

  private *items<K extends keyof Feed>(
    collection: K,
  ): Generator<Item<NonNullable<Feed[K]> extends (infer T)[] ? T : never>> {
    for (const { file, feed } of this.feeds) {
      const list = (feed[collection] ?? []) as unknown[];
      for (let i = 0; i < list.length; i++) {
        yield new Item(file, feed, list[i] as never, collection, i);
      }
    }
  }

  private key(entidade: Entidade, item: Item<{ fonte?: string }>, id: SourceId): SourceKey {
    return { entidade, fonte: fonteOf(item.record, item.feed), chave: sourceKeyOf(id) };
  }

  private ref(entidade: Entidade, item: Item<{ fonte?: string }>, id: SourceId, field: string): number {
    return (
      this.ids.lookup(entidade, fonteOf(item.record, item.feed), sourceKeyOf(id)) ??
      this.ids.require(this.key(entidade, item, id), item.file, `${item.pointer}/${field}`)
    );
  }

  private playerKey(nome: string): string {
    let key = this.playerKeys.get(nome);
    if (key === undefined) this.playerKeys.set(nome, (key = normalizePlayerName(nome)));
    return key;
  }

  private teamSlug(timeId: number): string {
    let slug = this.teamSlugs.get(timeId);
    if (slug === undefined) this.teamSlugs.set(timeId, (slug = slugify(this.teamNames.get(timeId) ?? '')));
    return slug;
  }

  private optionalRef(
    entidade: Entidade,
    item: Item<{ fonte?: string }>,
    id: SourceId | null | undefined,
    field: string,
  ): number | null {
    return id === null || id === undefined ? null : this.ref(entidade, item, id, field);
  }

  private staged(table: StagedTable): StagedRows {
    return this.rows.get(table) as StagedRows;
  }

  private stage(table: StagedTable, key: string | number, row: Row): void {
    this.staged(table).put(key, row);
  }

  private async loadCampeonatos(): Promise<void> {
    const items = [...this.items('campeonatos')];
    const byNatural = new Map<string, number>();
    if (items.some((it) => this.ids.get(this.key('campeonato', it, it.record.id)) === undefined)) {
      const stored = await queryRows<{ id: number; slug: string; temporada: string }>(
        this.conn,
        'SELECT id, slug, temporada FROM campeonatos',
      );
      for (const c of stored) byNatural.set(`${c.slug}\u0000${c.temporada}`, c.id);
    }
    for (const it of items) {
      const c = it.record;
      const key = this.key('campeonato', it, c.id);
      const natural = `${campeonatoSlug(c)}\u0000${c.temporada}`;
      let id = this.ids.get(key);
      if (id === undefined) {
        id = byNatural.get(natural) ?? this.options.allocate('campeonato', 1);
        this.ids.link(key, id);
      }
      byNatural.set(natural, id);
      this.campeonatos.add(id);
      this.stage('campeonatos', id, campeonatoRow(id, c, key.fonte));
    }
  }

  private async loadTimes(): Promise<void> {
    const items = [...this.items('times')];
    const byName = new Map<string, number>();
    if (items.some((it) => this.ids.get(this.key('time', it, it.record.id)) === undefined)) {
      const stored = await queryRows<{ id: number; nome_normalizado: string }>(
        this.conn,
        'SELECT id, nome_normalizado FROM times',
      );
      for (const t of stored) byName.set(t.nome_normalizado, t.id);
    }
    // Into an empty warehouse every team is new by definition; only report names that failed to match.
    const warnNew = byName.size > 0;
    for (const it of items) {
      const t = it.record;
      const key = this.key('time', it, t.id);
      const normalizado = normalizeTeamName(t.nome);
      let id = this.ids.get(key);
      if (id === undefined) {
        id = byName.get(normalizado);
        if (id === undefined) {
          id = this.options.allocate('time', 1);
          if (warnNew)
            this.avisos.push(
              `time novo: "${t.nome}" (fonte ${key.fonte}, id ${key.chave}) não corresponde a nenhum time existente`,
            );
        }
        this.ids.link(key, id);
      }
      byName.set(normalizado, id);
      this.teamNames.set(id, t.nome);
      this.stage('times', id, timeRow(id, t, key.fonte));
      for (const a of apelidoRows(id, t, key.fonte)) this.stage('times_apelidos', `${id}\u0000${String(a.apelido)}`, a);
    }
  }

  /** Points adjustments: the feeds', then the public record's for the championships of this run. */
  private async loadAjustes(): Promise<void> {
    for (const it of this.items('ajustes_pontos')) {
      const a = it.record;
      const campeonatoId = this.ref('campeonato', it, a.campeonato, 'campeonato');
      this.campeonatos.add(campeonatoId);
      this.stageAjuste(fonteOf(a, it.feed), sourceKeyOf(a.id), campeonatoId, this.ref('time', it, a.time, 'time'), a);
    }
    const staged = this.staged('campeonatos');
    const [ids, slugs, temporadas] = ['id', 'slug', 'temporada'].map((c) => staged.column(c));
    const due = PUBLIC_ADJUSTMENTS.flatMap((a) => {
      const i = slugs?.findIndex((s, j) => s === a.campeonato.slug && temporadas?.[j] === a.campeonato.temporada);
      return i === undefined || i < 0 ? [] : [{ a, campeonatoId: ids?.[i] as number, nome: normalizeTeamName(a.time) }];
    });
    if (due.length === 0) return;
    const teams = this.staged('times');
    const byName = new Map(
      teams.column('nome_normalizado').map((n, i) => [n as string, teams.column('id')[i] as number]),
    );
    const stored = await queryRows<{ id: number; nome: string }>(
      this.conn,
      'SELECT id, nome_normalizado AS nome FROM times WHERE list_contains($1, nome_normalizado)',
      [listValue(due.map((d) => d.nome))],
      [LIST(VARCHAR)],
    );
    for (const t of stored) if (!byName.has(t.nome)) byName.set(t.nome, t.id);
    for (const { a, campeonatoId, nome } of due) {
      const timeId = byName.get(nome);
      if (timeId === undefined)
        this.avisos.push(`registro público: time "${a.time}" não encontrado; ajuste ${a.id} ignorado`);
      else this.stageAjuste(PUBLIC_RECORD_SOURCE, a.id, campeonatoId, timeId, a);
    }
  }

  private stageAjuste(
    fonte: string,
    chave: string,
    campeonatoId: number,
    timeId: number,
    a: { pontos: number; motivo: string; referencia: string },
  ): void {
    this.stage('ajustes_pontos', `${fonte}\u0000${chave}`, {
      fonte,
      chave,
      campeonato_id: campeonatoId,
      time_id: timeId,
      pontos: a.pontos,
      motivo: a.motivo,
      referencia: a.referencia,
    });
  }

  private loadFases(): void {
    const items = [...this.items('fases')];
    for (const it of items) {
      this.ids.queue(this.key('fase', it, it.record.id));
      for (const c of it.record.chaves ?? []) this.ids.queue(this.key('chave', it, tieSourceKey(it.record.id, c.id)));
    }
    this.ids.allocatePending('fase');
    this.ids.allocatePending('chave');
    for (const it of items) {
      const f = it.record;
      const fonte = fonteOf(f, it.feed);
      const id = this.ref('fase', it, f.id, 'id');
      const campeonatoId = this.ref('campeonato', it, f.campeonato, 'campeonato');
      this.campeonatos.add(campeonatoId);
      this.stage('fases', id, faseRow(id, campeonatoId, f, fonte));
      (f.chaves ?? []).forEach((c, i) => {
        const chaveId = this.ref('chave', it, tieSourceKey(f.id, c.id), `chaves/${i}/id`);
        this.stage('chaves', chaveId, chaveRow(chaveId, id, c, i, fonte));
      });
    }
  }

  /**
   * A round is the same round whichever source numbers it: same championship, phase and number. New
   * rounds get their ids in one counter reservation (a championship file holds hundreds).
   */
  private async loadRodadas(): Promise<void> {
    const items = [...this.items('rodadas')].map((it) => ({
      it,
      key: this.key('rodada', it, it.record.id),
      campeonatoId: this.ref('campeonato', it, it.record.campeonato, 'campeonato'),
      faseId: this.optionalRef('fase', it, it.record.fase, 'fase'),
    }));
    const natural = (r: { campeonatoId: number; faseId: number | null; numero: number }): string =>
      `${r.campeonatoId}\u0000${r.faseId ?? ''}\u0000${r.numero}`;
    // natural key → the round's id, or the key of the first round of this run that will get one.
    const byNatural = new Map<string, number | SourceKey>();
    const unmapped = items.filter(({ key }) => this.ids.get(key) === undefined);
    if (unmapped.length > 0) {
      const stored = await queryRows<{ id: number; campeonatoId: number; faseId: number | null; numero: number }>(
        this.conn,
        `SELECT id, campeonato_id AS campeonatoId, fase_id AS faseId, numero FROM rodadas WHERE campeonato_id IN (${idList(new Set(unmapped.map((r) => r.campeonatoId)))})`,
      );
      for (const r of stored) byNatural.set(natural(r), r.id);
    }
    // A key new in this run → the queued key whose id it will share (itself when it is the one queued).
    const pending = new Map<string, SourceKey>();
    const sameAs: [SourceKey, SourceKey][] = [];
    for (const { it, key, campeonatoId, faseId } of items) {
      const naturalKey = natural({ campeonatoId, faseId, numero: it.record.numero });
      const id = this.ids.get(key);
      const placeholder = pending.get(keyString(key));
      const known = byNatural.get(naturalKey);
      if (id !== undefined) byNatural.set(naturalKey, id);
      else if (placeholder) byNatural.set(naturalKey, placeholder);
      else if (typeof known === 'number') this.ids.link(key, known);
      else if (known) {
        sameAs.push([key, known]);
        pending.set(keyString(key), known);
      } else {
        this.ids.queue(key);
        pending.set(keyString(key), key);
        byNatural.set(naturalKey, key);
      }
    }
    this.ids.allocatePending('rodada');
    for (const [key, first] of sameAs) this.ids.link(key, this.ids.get(first) as number);
    for (const { it, key, campeonatoId, faseId } of items) {
      const id = this.ids.get(key) as number;
      this.campeonatos.add(campeonatoId);
      this.stage('rodadas', id, rodadaRow(id, campeonatoId, faseId, it.record, key.fonte));
    }
  }

  /** Players of the given teams, stored or loaded in this run, indexed by normalised name. */
  private async loadSquads(teamIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(teamIds)].filter((t) => !this.squads.has(t));
    if (missing.length === 0) return;
    for (const t of missing) this.squads.set(t, new Map());
    const stored = await queryRows<{ id: number; time_id: number; nome: string }>(
      this.conn,
      `SELECT id, time_id, nome FROM jogadores WHERE time_id IN (${idList(missing)})`,
    );
    for (const p of stored) this.squads.get(p.time_id)?.set(this.playerKey(p.nome), p.id);
  }

  private async loadJogadores(): Promise<void> {
    const items = [...this.items('jogadores')].map((it) => ({
      it,
      timeId: this.optionalRef('time', it, it.record.time, 'time'),
    }));
    const unresolved = items.filter(({ it }) => this.ids.get(this.key('jogador', it, it.record.id)) === undefined);
    await this.loadSquads(unresolved.flatMap(({ timeId }) => (timeId === null ? [] : [timeId])));
    for (const { it, timeId } of unresolved) {
      const key = this.key('jogador', it, it.record.id);
      const sameName = timeId === null ? undefined : this.squads.get(timeId)?.get(this.playerKey(it.record.nome));
      if (sameName !== undefined) this.ids.link(key, sameName);
      else this.ids.queue(key);
    }
    this.ids.allocatePending('jogador');
    for (const { it, timeId } of items) {
      const id = this.ref('jogador', it, it.record.id, 'id');
      if (timeId !== null) this.squads.get(timeId)?.set(this.playerKey(it.record.nome), id);
      this.stage('jogadores', id, jogadorRow(id, timeId, it.record, fonteOf(it.record, it.feed), this.options.now));
    }
  }

  private async loadPartidas(): Promise<void> {
    const items: PartidaItem[] = [...this.items('partidas')].map((it) => {
      const p = it.record;
      return {
        it,
        refs: {
          campeonato_id: this.ref('campeonato', it, p.campeonato, 'campeonato'),
          rodada_id: this.optionalRef('rodada', it, p.rodada, 'rodada'),
          fase_id: this.optionalRef('fase', it, p.fase, 'fase'),
          chave_id:
            p.chave === null || p.chave === undefined || p.fase === null || p.fase === undefined
              ? null
              : this.ref('chave', it, tieSourceKey(p.fase, p.chave), 'chave'),
          time_mandante_id: this.ref('time', it, p.mandante, 'mandante'),
          time_visitante_id: this.ref('time', it, p.visitante, 'visitante'),
        },
      };
    });
    const conflicts = await this.matchByNaturalKey(items);
    await this.loadTeamNames(items.flatMap(({ refs }) => [refs.time_mandante_id, refs.time_visitante_id]));
    const staged = this.staged('partidas');
    for (const item of items) {
      const { it, refs } = item;
      const id = this.ref('partida', it, it.record.id, 'id');
      this.campeonatos.add(refs.campeonato_id);
      this.matches.set(id, {
        campeonato_id: refs.campeonato_id,
        mandante: refs.time_mandante_id,
        visitante: refs.time_visitante_id,
      });
      if (conflicts.has(item)) continue;
      const slugs = {
        mandante: this.teamSlug(refs.time_mandante_id),
        visitante: this.teamSlug(refs.time_visitante_id),
      };
      const row = partidaRow(id, refs, it.record, slugs, fonteOf(it.record, it.feed));
      // The same match from another source earlier in this run: what this source lacks is kept.
      const earlier = staged.get(id);
      if (earlier && earlier.fonte !== row.fonte) this.conflict(...rowConflicts(id, earlier, row));
      this.stage('partidas', id, earlier && earlier.fonte !== row.fonte ? mergedPartidaRow(earlier, row) : row);
    }
    await this.keepOutRegressions();
  }

  /**
   * Staged matches that would move a stored one back in time (conflicts.ts isRegression) are reported as a
   * `status` conflict and, unless the operator allows it, not loaded: a cron job fed a cached file must not
   * un-finish matches. Their events and lineups still load (they add, never remove).
   */
  private async keepOutRegressions(): Promise<void> {
    const staged = this.staged('partidas');
    if (this.options.emptyStore || staged.size === 0) return;
    const stored = await queryRows<Row & { id: number }>(
      this.conn,
      `SELECT id, status, placar_mandante, placar_visitante, fonte FROM partidas WHERE id IN (${idList(staged.column('id') as number[])})`,
    );
    const keptOut = new Set<number>();
    for (const guardado of stored) {
      const recebido = staged.get(guardado.id);
      if (!recebido || !isRegression(guardado, recebido)) continue;
      const mantido = this.options.allowRegress ? 'recebido' : 'guardado';
      this.conflict({
        partida_id: guardado.id,
        campo: 'status',
        mantido,
        guardado: { fonte: String(guardado.fonte), valor: fact(guardado, 'status') as string },
        recebido: { fonte: String(recebido.fonte), valor: fact(recebido, 'status') as string },
      });
      if (mantido === 'guardado') keptOut.add(guardado.id);
    }
    if (keptOut.size > 0) staged.deleteWhere((k) => keptOut.has(k as number));
  }

  /**
   * A match new to its source may be the same match from another source, stored or loaded earlier in
   * this run: same championship and teams, kick-offs at most 3 days apart. Allocates the ids of the
   * matches that are really new. Returns the items whose final score conflicts with the match they
   * matched (that one is kept; the item is not loaded).
   */
  private async matchByNaturalKey(items: readonly PartidaItem[]): Promise<Set<PartidaItem>> {
    const conflicts = new Set<PartidaItem>();
    const facts = (item: PartidaItem): MatchFacts => {
      const p = item.it.record;
      // Whole seconds, like the stored inicio_utc it is compared with; a date alone counts as its midnight UTC.
      const inicio = p.data_hora ?? p.data ?? null;
      return {
        ...item.refs,
        inicio: inicio === null ? null : Math.floor(Date.parse(inicio) / 1000) * 1000,
        status: p.status,
        placar_mandante: p.placar_mandante,
        placar_visitante: p.placar_visitante,
        fonte: fonteOf(p, item.it.feed),
      };
    };
    const unresolved = items.filter(({ it }) => this.ids.get(this.key('partida', it, it.record.id)) === undefined);
    if (unresolved.length === 0) return conflicts;
    const index = new SameMatchIndex();
    const stored = await queryRows<MatchFacts & { id: number; inicio_utc: string | null }>(
      this.conn,
      `SELECT id, campeonato_id, time_mandante_id, time_visitante_id, strftime(coalesce(inicio_utc, data_local), '%Y-%m-%dT%H:%M:%SZ') AS inicio_utc,
              status, placar_mandante, placar_visitante, fonte
       FROM partidas WHERE campeonato_id IN (${idList(new Set(unresolved.map(({ refs }) => refs.campeonato_id)))})`,
    );
    for (const m of stored)
      index.add({
        ...m,
        inicio: m.inicio_utc === null ? null : Date.parse(m.inicio_utc),
        storedId: m.id,
        id: () => m.id,
      });

    // Links to matches new in this run can only be made once their ids are allocated.
    const links: { key: SourceKey; item: PartidaItem; same: MatchCandidate }[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      const { it } = item;
      const key = this.key('partida', it, it.record.id);
      const k = keyString(key);
      // The same record sent again (later feeds win) is the match already indexed for its key.
      if (seen.has(k)) continue;
      seen.add(k);
      const f = facts(item);
      const storedId = this.ids.get(key);
      if (storedId !== undefined) {
        index.add({ ...f, storedId, id: () => storedId });
        continue;
      }
      const same = index.find(f);
      if (same) {
        links.push({ key, item, same });
        if (scoresConflict(same, f)) conflicts.add(item);
        continue;
      }
      this.ids.queue(key);
      index.add({ ...f, storedId: null, id: () => this.ref('partida', it, it.record.id, 'id') });
    }
    this.ids.allocatePending('partida');
    for (const { key, item, same } of links) {
      const id = same.id();
      this.ids.link(key, id);
      if (!conflicts.has(item)) continue;
      const p = item.it.record;
      this.conflict({
        partida_id: id,
        campo: 'placar',
        mantido: 'guardado',
        guardado: { fonte: same.fonte, valor: `${String(same.placar_mandante)}x${String(same.placar_visitante)}` },
        recebido: { fonte: key.fonte, valor: `${String(p.placar_mandante)}x${String(p.placar_visitante)}` },
      });
    }
    return conflicts;
  }

  /** Records conflicts, each disagreement once (a run and the stored row may both show it). */
  private conflict(...list: Conflito[]): void {
    for (const c of list) this.conflitos.set(`${c.partida_id}/${c.campo}/${c.guardado.valor}/${c.recebido.valor}`, c);
  }

  private async loadTeamNames(teamIds: readonly number[]): Promise<void> {
    const missing = [...new Set(teamIds)].filter((t) => !this.teamNames.has(t));
    if (missing.length === 0) return;
    const rows = await queryRows<{ id: number; nome: string }>(
      this.conn,
      `SELECT id, nome FROM times WHERE id IN (${idList(missing)})`,
    );
    for (const r of rows) this.teamNames.set(r.id, r.nome);
  }

  private async loadMatchInfo(matchIds: readonly number[]): Promise<void> {
    const missing = [...new Set(matchIds)].filter((m) => !this.matches.has(m));
    if (missing.length === 0) return;
    const rows = await queryRows<{ id: number; campeonato_id: number; mandante: number; visitante: number }>(
      this.conn,
      `SELECT id, campeonato_id, time_mandante_id AS mandante, time_visitante_id AS visitante FROM partidas WHERE id IN (${idList(missing)})`,
    );
    for (const r of rows)
      this.matches.set(r.id, { campeonato_id: r.campeonato_id, mandante: r.mandante, visitante: r.visitante });
  }

  private match(item: Item<{ fonte?: string; partida: SourceId }>): { id: number; info: MatchInfo } {
    const id = this.ref('partida', item, item.record.partida, 'partida');
    const info = this.matches.get(id);
    if (!info)
      throw new FeedRejectedError([
        {
          file: item.file,
          position: { pointer: `${item.pointer}/partida` },
          reason: `partida ${id} não existe no snapshot`,
        },
      ]);
    this.campeonatos.add(info.campeonato_id);
    return { id, info };
  }

  /** Events, lineups and statistics: they hang off matches and name players. */
  private async loadMatchChildren(): Promise<void> {
    const eventos = [...this.items('eventos')];
    const escalacoes = [...this.items('escalacoes')];
    const estatisticas = [...this.items('estatisticas')];
    for (const it of eventos) this.ids.queue(this.key('evento', it, it.record.id));
    this.ids.allocatePending('evento');
    await this.loadMatchInfo(
      [...eventos, ...escalacoes, ...estatisticas].map((it) => this.ref('partida', it, it.record.partida, 'partida')),
    );

    const named = new NamedPlayers();
    const issues: FeedIssue[] = [];
    const eventRefs = eventos.map((it) => {
      const { id: partidaId, info } = this.match(it);
      const e = it.record;
      const timeId = this.ref('time', it, e.time, 'time');
      if (timeId !== info.mandante && timeId !== info.visitante) {
        issues.push({
          file: it.file,
          position: { pointer: `${it.pointer}/time` },
          reason: 'o time do evento não joga esta partida',
        });
      }
      const other = timeId === info.mandante ? info.visitante : info.mandante;
      // An own goal is credited to `time`, but its author plays for the other side.
      const playerTeam = e.tipo === 'gol_contra' ? other : timeId;
      return {
        it,
        partidaId,
        timeId,
        jogador: this.playerRef(it, e.jogador_id, e.jogador, playerTeam, 'jogador_id', named),
        entra: this.playerRef(it, e.jogador_entra_id, e.jogador_entra, timeId, 'jogador_entra_id', named),
      };
    });
    if (issues.length > 0) throw new FeedRejectedError(issues.slice(0, 20), issues.length);
    const lineupRefs = escalacoes.map((it) => {
      const { id: partidaId, info } = this.match(it);
      const timeId = it.record.lado === 'mandante' ? info.mandante : info.visitante;
      const players = (['titulares', 'reservas'] as const).flatMap((grupo) =>
        it.record[grupo].map((j: FeedJogadorEscalado, ordem) => ({
          titular: grupo === 'titulares',
          ordem,
          j,
          jogador: this.playerRef(it, j.jogador_id, j.nome, timeId, `${grupo}/${ordem}/jogador_id`, named),
          substituto: j.substituido_por
            ? this.playerRef(
                it,
                j.substituido_por.jogador_id,
                j.substituido_por.nome,
                timeId,
                `${grupo}/${ordem}/substituido_por/jogador_id`,
                named,
              )
            : null,
        })),
      );
      return { it, partidaId, timeId, players };
    });

    await this.loadSquads(named.teams());
    this.createNamedPlayers(named);

    for (const { it, partidaId, timeId, jogador, entra } of eventRefs) {
      const id = this.ref('evento', it, it.record.id, 'id');
      this.stage(
        'eventos',
        id,
        eventoRow(
          id,
          {
            partida_id: partidaId,
            time_id: timeId,
            jogador_id: this.player(jogador),
            jogador_entra_id: this.player(entra),
          },
          it.record,
          fonteOf(it.record, it.feed),
        ),
      );
    }
    for (const { it, partidaId, timeId, players } of lineupRefs) {
      const side = `${partidaId}/${it.record.lado}`;
      this.stage('escalacoes', side, escalacaoRow(partidaId, timeId, it.record, fonteOf(it.record, it.feed)));
      // A lineup sent twice in one run replaces the whole side, so drop rows staged for it before.
      this.staged('escalacao_jogadores').deleteWhere((k) => String(k).startsWith(`${side}/`));
      for (const p of players) {
        this.stage(
          'escalacao_jogadores',
          `${side}/${p.titular}/${p.ordem}`,
          escaladoRow(partidaId, it.record.lado, p.titular, p.ordem, p.j, {
            jogador_id: this.player(p.jogador),
            substituto_id: this.player(p.substituto),
          }),
        );
      }
    }
    for (const it of estatisticas) {
      const { id: partidaId, info } = this.match(it);
      const timeId = it.record.lado === 'mandante' ? info.mandante : info.visitante;
      this.stage(
        'estatisticas',
        `${partidaId}/${it.record.lado}`,
        estatisticasRow(partidaId, timeId, it.record, fonteOf(it.record, it.feed)),
      );
    }
  }

  /**
   * A player reference: by source id when given, else by name within the team (resolved by `player`
   * once the squads are loaded). Unknown names become new players, so top scorers always have a player id.
   */
  private playerRef(
    it: Item<{ fonte?: string }>,
    id: SourceId | null | undefined,
    nome: string | null | undefined,
    timeId: number,
    field: string,
    named: NamedPlayers,
  ): PlayerRef {
    if (id !== null && id !== undefined) return this.ref('jogador', it, id, field);
    if (!nome) return null;
    const normalizado = this.playerKey(nome);
    named.add(timeId, nome, normalizado, fonteOf(it.record, it.feed));
    return { timeId, normalizado };
  }

  private player(ref: PlayerRef): number | null {
    return ref === null || typeof ref === 'number' ? ref : (this.squads.get(ref.timeId)?.get(ref.normalizado) ?? null);
  }

  private createNamedPlayers(named: NamedPlayers): void {
    const missing = named.list().filter((p) => !this.squads.get(p.timeId)?.has(p.normalizado));
    if (missing.length === 0) return;
    let next = this.options.allocate('jogador', missing.length);
    for (const p of missing) {
      const id = next++;
      this.squads.get(p.timeId)?.set(p.normalizado, id);
      this.stage('jogadores', id, jogadorRow(id, p.timeId, { nome: p.nome }, p.fonte, this.options.now));
    }
  }

  /**
   * Stages and upserts only the tables that received rows: a live update touches two or three. Returns
   * whether any stored row changed (upsert.sql records it in carga_mudou).
   */
  private async writeStaged(): Promise<boolean> {
    const matches = this.touchedMatches();
    await this.options.beforeWrite?.(matches);
    this.recordTouched(matches);
    const stagedLineups = this.staged('escalacoes').size > 0;
    const tables = STAGED_TABLES.filter(
      (table) => this.staged(table).size > 0 || (table === 'escalacao_jogadores' && stagedLineups),
    );
    this.escritas.push(...tables);
    if (this.options.emptyStore) {
      // Every staged key is new and unique: the upsert would insert exactly these rows (a third of a
      // large first load's time went to copying them from the stage tables). Taken: the JS copy is no
      // longer needed (keeps the peak memory of large loads down).
      for (const table of tables) await appendColumns(this.conn, table, this.staged(table).take(), 'snapshot');
      return tables.length > 0;
    }
    // Every stage table in one run: a live update pays for each statement it sends.
    await this.conn.run(
      tables.map((t) => `CREATE OR REPLACE TEMP TABLE stage_${t} AS SELECT * FROM main.${t} LIMIT 0;`).join('\n'),
    );
    // Where the matches and their events are written: every table a match reads from (teams, rounds, phases,
    // championships) comes before them in STAGED_TABLES, and what follows (lineups, stats, keys) does not change
    // how a match reads. So the caller can see them written before the rest is even staged.
    const { afterMatches } = this.options;
    const last = STAGED_TABLES.indexOf('eventos');
    const head = tables.filter((t) => STAGED_TABLES.indexOf(t) <= last);
    const early =
      afterMatches !== undefined &&
      (head.includes('partidas') || head.includes('eventos')) &&
      !tables.includes('times') &&
      !this.hasRemovals();
    let statements = ['CREATE OR REPLACE TEMP TABLE carga_mudou (tabela VARCHAR);'];
    if (early) {
      statements.push(...(await this.stageUpserts(head)));
      // One more statement run for a change visible sooner: the rest waits for the caller.
      const [row] = await queryRows<{ mudou: boolean }>(this.conn, `${statements.join('\n')}\n${MATCHES_CHANGED_SQL}`);
      if (row?.mudou) await afterMatches();
      statements = await this.stageUpserts(tables.filter((t) => !head.includes(t)));
    } else statements.push(...(await this.stageUpserts(tables)));
    // The events replaced, as they were, give the scorers before the write (none replaced: those of now).
    if (!tables.includes('eventos'))
      statements.push('CREATE OR REPLACE TEMP TABLE antes_upsert_eventos AS SELECT * FROM eventos LIMIT 0;');
    const { marcadores, mudou } = await upsertThenScorers(this.conn, statements.join('\n'), matches);
    this.touched.add('jogadores', marcadores);
    return mudou;
  }

  /** Fills the stage tables of `tables` (their rows taken) and returns their upsert.sql sections, in order. */
  private async stageUpserts(tables: readonly StagedTable[]): Promise<string[]> {
    const statements: string[] = [];
    for (const table of tables) {
      const rows = this.staged(table);
      const section = UPSERT_SQL.get(table);
      if (section?.includes(`em_stage_${table}(`))
        statements.push(stagedIdsMacro(table, rows.column('id') as number[]));
      await appendColumns(this.conn, `stage_${table}`, rows.take());
      if (section) statements.push(section);
      if (table === 'partidas') await this.storedConflicts();
    }
    return statements;
  }

  /** The ids of every staged row, before the stages are taken; a first build is a complete change. */
  private recordTouched(matches: readonly number[]): void {
    if (this.options.emptyStore) this.touched.markComplete();
    this.touched.add('partidas', matches);
    for (const entidade of ['campeonatos', 'times', 'jogadores', 'fases', 'rodadas'] as const) {
      this.touched.add(entidade, this.staged(entidade).column('id'));
    }
    this.touched.add('fases', this.staged('chaves').column('fase_id'));
    for (const table of ['partidas', 'rodadas'] as const)
      this.touched.add('fases', this.staged(table).column('fase_id'));
    this.touched.add('rodadas', this.staged('partidas').column('rodada_id'));
    const players: [StagedTable, string, Set<number>][] = [
      ['jogadores', 'id', this.playersWritten],
      ['eventos', 'jogador_id', this.playersInEvents],
      ['eventos', 'jogador_entra_id', this.playersInEvents],
      ['escalacao_jogadores', 'jogador_id', this.playersWritten],
    ];
    for (const [table, column, set] of players)
      for (const id of this.staged(table).column(column)) if (typeof id === 'number') set.add(id);
  }

  /** The staged matches' disagreements with the stored rows other sources wrote. */
  private async storedConflicts(): Promise<void> {
    const pairs = await queryRows<{ id: number; guardado: Row; recebido: Row }>(this.conn, STORED_PAIRS_SQL);
    for (const p of pairs) this.conflict(...rowConflicts(p.id, p.guardado, p.recebido));
  }

  /** Matches whose status, score, goals or lineups the staged rows can change. */
  private touchedMatches(): number[] {
    const ids = new Set<number>();
    for (const id of this.staged('partidas').column('id')) ids.add(id as number);
    for (const table of ['eventos', 'escalacoes'] as const) {
      for (const id of this.staged(table).column('partida_id')) ids.add(id as number);
    }
    return [...ids];
  }

  private hasRemovals(): boolean {
    return this.feeds.some(({ feed }) => (feed.remocoes ?? []).length > 0);
  }

  /** Tombstones after the upserts; unknown ones are warnings (tombstones may be re-sent). Returns whether any applied. */
  private async applyRemovals(): Promise<boolean> {
    const removals: Removal[] = [];
    for (const it of this.items('remocoes')) {
      const key = this.key(it.record.entidade, it, it.record.id);
      const id = this.ids.get(key);
      if (id === undefined)
        this.avisos.push(
          `remoção ignorada: ${key.entidade} id ${JSON.stringify(key.chave)} da fonte "${key.fonte}" não existe`,
        );
      else removals.push({ entidade: key.entidade, id, file: it.file, pointer: it.pointer });
    }
    const outcome = await applyRemovals(this.conn, removals);
    if (removals.length > 0) {
      this.escritas.push('remocoes');
      // A tombstone cascades to rows the loader never staged: nothing smaller than "everything" is sure.
      this.touched.markComplete();
    }
    for (const id of outcome.affected) this.campeonatos.add(id);
    for (const id of outcome.removed) this.campeonatos.delete(id);
    return removals.length > 0;
  }
}
