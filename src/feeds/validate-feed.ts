import type { FeedEstatisticas, SourceId } from './canonical.js';
import { FeedRejectedError, type FeedIssue, type FeedPosition } from './errors.js';
import type { NamedFeed } from './adapters/index.js';
import { STAT_ADVANCED_FIELDS } from './statistics-fields.js';
import { MAX_ISSUES } from './validate-schema.js';
import { SourceKeyMap } from './source-key-map.js';
import { tieSourceKey, sourceKeyOf, fonteOf, keyString, type Entidade, type SourceKey } from './source-keys.js';

/** The internal ids the current snapshot has for the given keys (by keyString; empty when there is none). */
export type StoredKeyLookup = (keys: readonly SourceKey[]) => Promise<Map<string, number>>;

interface Reference extends SourceKey {
  file: string;
  pointer: string;
  /** Turns the pointer into a position only when an issue is reported (NDJSON: a line). */
  locate(pointer: string): FeedPosition;
}

const NOMES: Record<Entidade, string> = {
  campeonato: 'campeonato',
  fase: 'fase',
  chave: 'chave',
  rodada: 'rodada',
  time: 'time',
  jogador: 'jogador',
  partida: 'partida',
  evento: 'evento',
  ajuste: 'ajuste de pontos',
};

/**
 * The checks the schema cannot express, run on schema-valid feeds before anything is written: duplicate
 * keys inside one feed, references that resolve neither in the run's feeds nor in the current snapshot,
 * advanced statistics from the basic source (spec rule 1), a match against itself, a tie without a phase.
 * Returns the stored ids of every key the feeds define, reference or remove, so the loader does not look
 * them up again.
 */
export async function validateFeeds(
  feeds: readonly NamedFeed[],
  lookup: StoredKeyLookup,
): Promise<Map<string, number>> {
  const issues: FeedIssue[] = [];
  const keys: RunKeys = { provided: new SourceKeyMap(), providedKeys: [], refs: [] };
  feeds.forEach((named, index) => checkFeed(named, index, issues, keys));
  if (issues.length > 0) throw new FeedRejectedError(issues.slice(0, MAX_ISSUES), issues.length);

  // A reference may name a record of a later feed of the run: only now is it known which ones are external.
  const external = keys.refs.filter((r) => keys.provided.getKey(r) === undefined);
  const others = dedupeKeys([...external, ...removalKeys(feeds)]).filter((k) => keys.provided.getKey(k) === undefined);
  const stored = await lookup([...keys.providedKeys, ...others]);
  for (const r of external) {
    if (stored.has(keyString(r))) continue;
    issues.push({
      file: r.file,
      position: r.locate(r.pointer),
      reason: `${NOMES[r.entidade]} desconhecido(a): id ${JSON.stringify(r.chave)} da fonte "${r.fonte}" não está no feed nem no snapshot atual`,
    });
  }
  if (issues.length > 0) throw new FeedRejectedError(issues.slice(0, MAX_ISSUES), issues.length);
  return stored;
}

/** The keys of a run: what its feeds define (with the index of the feed that defined it last) and what they reference. */
interface RunKeys {
  provided: SourceKeyMap<number>;
  /** Each defined key once, in the order first defined. */
  providedKeys: SourceKey[];
  /** References to keys not defined by an earlier record of the run (checked once every feed is read). */
  refs: Reference[];
}

function removalKeys(feeds: readonly NamedFeed[]): SourceKey[] {
  return feeds.flatMap(({ feed }) =>
    (feed.remocoes ?? []).map((r) => ({ entidade: r.entidade, fonte: fonteOf(r, feed), chave: sourceKeyOf(r.id) })),
  );
}

function dedupeKeys(keys: readonly SourceKey[]): SourceKey[] {
  const seen = new Map<string, SourceKey>();
  for (const k of keys) seen.set(keyString(k), { entidade: k.entidade, fonte: k.fonte, chave: k.chave });
  return [...seen.values()];
}

function checkFeed({ file, feed, locate }: NamedFeed, index: number, issues: FeedIssue[], keys: RunKeys): void {
  const issue = (pointer: string, reason: string): void => {
    issues.push({ file, position: locate(pointer), reason });
  };
  // Pointers are `/${where}/${i}/${field}`, built only for an issue or an unresolved reference: most
  // records have neither, and a string per record and field was a good part of validating large feeds.
  const define = (entidade: Entidade, record: { fonte?: string }, chave: string, where: string, i: number): void => {
    const key: SourceKey = { entidade, fonte: fonteOf(record, feed), chave };
    const definedBy = keys.provided.getKey(key);
    if (definedBy === index)
      issue(
        `/${where}/${i}/id`,
        `chave duplicada no feed: ${NOMES[entidade]} id ${JSON.stringify(chave)} da fonte "${key.fonte}" aparece mais de uma vez`,
      );
    if (definedBy === undefined) keys.providedKeys.push(key);
    keys.provided.set(key, index);
  };
  // Most references name a record defined just before (a match's teams, an event's match): those need no entry.
  const ref = (
    entidade: Entidade,
    record: { fonte?: string },
    id: SourceId | null | undefined,
    where: string,
    i: number,
    field: string,
  ): void => {
    if (id === null || id === undefined) return;
    const fonte = fonteOf(record, feed);
    const chave = sourceKeyOf(id);
    if (keys.provided.get(entidade, fonte, chave) !== undefined) return;
    keys.refs.push({ entidade, fonte, chave, file, pointer: `/${where}/${i}/${field}`, locate });
  };

  feed.campeonatos?.forEach((c, i) => define('campeonato', c, sourceKeyOf(c.id), 'campeonatos', i));
  feed.times?.forEach((t, i) => define('time', t, sourceKeyOf(t.id), 'times', i));
  feed.fases?.forEach((f, i) => {
    define('fase', f, sourceKeyOf(f.id), 'fases', i);
    ref('campeonato', f, f.campeonato, 'fases', i, 'campeonato');
    f.chaves?.forEach((c, j) => define('chave', f, tieSourceKey(f.id, c.id), `fases/${i}/chaves`, j));
  });
  feed.rodadas?.forEach((r, i) => {
    define('rodada', r, sourceKeyOf(r.id), 'rodadas', i);
    ref('campeonato', r, r.campeonato, 'rodadas', i, 'campeonato');
    ref('fase', r, r.fase, 'rodadas', i, 'fase');
  });
  feed.ajustes_pontos?.forEach((a, i) => {
    define('ajuste', a, sourceKeyOf(a.id), 'ajustes_pontos', i);
    ref('campeonato', a, a.campeonato, 'ajustes_pontos', i, 'campeonato');
    ref('time', a, a.time, 'ajustes_pontos', i, 'time');
  });
  feed.jogadores?.forEach((j, i) => {
    define('jogador', j, sourceKeyOf(j.id), 'jogadores', i);
    ref('time', j, j.time, 'jogadores', i, 'time');
  });
  feed.partidas?.forEach((p, i) => {
    define('partida', p, sourceKeyOf(p.id), 'partidas', i);
    ref('campeonato', p, p.campeonato, 'partidas', i, 'campeonato');
    ref('rodada', p, p.rodada, 'partidas', i, 'rodada');
    ref('fase', p, p.fase, 'partidas', i, 'fase');
    ref('time', p, p.mandante, 'partidas', i, 'mandante');
    ref('time', p, p.visitante, 'partidas', i, 'visitante');
    if (p.chave !== null && p.chave !== undefined) {
      if (p.fase === null || p.fase === undefined)
        issue(`/partidas/${i}/chave`, 'uma partida com chave precisa indicar a fase');
      else ref('chave', p, tieSourceKey(p.fase, p.chave), 'partidas', i, 'chave');
    }
    if (sourceKeyOf(p.mandante) === sourceKeyOf(p.visitante))
      issue(`/partidas/${i}/visitante`, 'mandante e visitante são o mesmo time');
    if ((p.placar_mandante === null) !== (p.placar_visitante === null))
      issue(`/partidas/${i}/placar_visitante`, 'os dois placares devem ser informados juntos (ou ambos null)');
  });
  feed.eventos?.forEach((e, i) => {
    define('evento', e, sourceKeyOf(e.id), 'eventos', i);
    ref('partida', e, e.partida, 'eventos', i, 'partida');
    ref('time', e, e.time, 'eventos', i, 'time');
    ref('jogador', e, e.jogador_id, 'eventos', i, 'jogador_id');
    ref('jogador', e, e.jogador_entra_id, 'eventos', i, 'jogador_entra_id');
  });
  const sides = new Set<string>();
  const perSide = (
    collection: 'escalacoes' | 'estatisticas',
    record: { fonte?: string; partida: SourceId; lado: string },
    i: number,
  ): void => {
    const k = `${collection}\u0000${fonteOf(record, feed)}\u0000${sourceKeyOf(record.partida)}\u0000${record.lado}`;
    if (sides.has(k))
      issue(
        `/${collection}/${i}`,
        `chave duplicada no feed: ${collection} da partida ${JSON.stringify(sourceKeyOf(record.partida))} lado ${record.lado} aparece mais de uma vez`,
      );
    sides.add(k);
    ref('partida', record, record.partida, collection, i, 'partida');
  };
  feed.escalacoes?.forEach((e, i) => {
    perSide('escalacoes', e, i);
    for (const grupo of ['titulares', 'reservas'] as const) {
      const where = `escalacoes/${i}/${grupo}`;
      e[grupo].forEach((j, k) => {
        ref('jogador', e, j.jogador_id, where, k, 'jogador_id');
        ref('jogador', e, j.substituido_por?.jogador_id, where, k, 'substituido_por/jogador_id');
      });
    }
  });
  feed.estatisticas?.forEach((s, i) => {
    perSide('estatisticas', s, i);
    if (s.origem !== 'basica' || !hasAdvancedField(s)) return;
    for (const field of STAT_ADVANCED_FIELDS) {
      if (s[field] !== null && s[field] !== undefined) {
        issue(
          `/estatisticas/${i}/${field}`,
          `campo avançado com origem "basica": ${field} só pode vir da fonte avançada (deixe null)`,
        );
      }
    }
  });
}

/**
 * Whether a statistics record carries any advanced field. Generated with each field named in the code, so
 * every read goes through an inline cache: a loop over the names did a generic keyed lookup per field and
 * row, most of validating the CSV family's 17,570 basic-source rows.
 */
const hasAdvancedField = new Function(
  's',
  `return ${STAT_ADVANCED_FIELDS.map((f) => `s[${JSON.stringify(f)}] != null`).join(' || ')};`,
) as (s: FeedEstatisticas) => boolean;
