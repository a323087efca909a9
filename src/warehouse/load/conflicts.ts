/**
 * Facts two sources give differently for the same match (docs/loading-data.md, "Conflicts between sources").
 * Precedence: the record loaded last wins for the date, time and venue (a newer feed reschedules a match),
 * except that a date without a time never replaces a kick-off; a final score is only changed by the source
 * that wrote it (a record of another source with a different one is not loaded when it first meets the match,
 * and loaded without its score afterwards). Every disagreement is reported with both values and both sources.
 * Within a run the loader compares rows itself; against stored rows, conflicts.sql pairs them (upsert.sql
 * applies the same precedence).
 */
import { readSql, type Row } from '../duckdb-util.js';

/** `status`: a record that would move a stored match back (regressionOf), kept out unless the operator allows it. */
export type CampoConflito = 'data' | 'hora' | 'placar' | 'estadio' | 'status';

export interface Conflito {
  partida_id: number;
  campo: CampoConflito;
  guardado: { fonte: string; valor: string };
  recebido: { fonte: string; valor: string };
  /** Which of the two the snapshot keeps. */
  mantido: 'guardado' | 'recebido';
}

/**
 * Kick-off times two sources give at most this many minutes apart are the same kick-off (one source records
 * the actual one, `19:02`, the other the scheduled one, `19:00`): not worth a line each.
 */
export const KICKOFF_TOLERANCE_MINUTES = 5;

/** Conflicts of one field within its tolerance, collapsed into one line (the ingest summary). */
export interface ConflitosTolerados {
  campo: CampoConflito;
  tolerancia_minutos: number;
  total: number;
  mantido: 'guardado' | 'recebido';
}

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Splits conflicts into those worth a line each and, per field and kept side, those within tolerance. */
export function collapseTolerated(list: readonly Conflito[]): {
  conflitos: Conflito[];
  tolerados: ConflitosTolerados[];
} {
  const conflitos: Conflito[] = [];
  const tolerados = new Map<string, ConflitosTolerados>();
  for (const c of list) {
    const within =
      c.campo === 'hora' &&
      Math.abs(minutes(c.guardado.valor) - minutes(c.recebido.valor)) <= KICKOFF_TOLERANCE_MINUTES;
    if (!within) {
      conflitos.push(c);
      continue;
    }
    const key = `${c.campo}/${c.mantido}`;
    const line = tolerados.get(key) ?? {
      campo: c.campo,
      tolerancia_minutos: KICKOFF_TOLERANCE_MINUTES,
      total: 0,
      mantido: c.mantido,
    };
    line.total++;
    tolerados.set(key, line);
  }
  return { conflitos, tolerados: [...tolerados.values()] };
}

/** The staged match rows (stage_partidas, before the upsert) with the stored rows other sources wrote. */
export const STORED_PAIRS_SQL = readSql(new URL('./conflicts.sql', import.meta.url));

/** A `partidas` row's fact as compared (the rows of rows.ts and of conflicts.sql alike); null = not given. */
export function fact(row: Row, campo: CampoConflito): string | null {
  switch (campo) {
    case 'data':
      return (row.data_local as string | null) ?? null;
    case 'hora':
      return (row.hora_local as string | null) ?? null;
    case 'placar':
      return row.status === 'encerrado' ? `${String(row.placar_mandante)}x${String(row.placar_visitante)}` : null;
    case 'estadio':
      return (row.estadio as string | null) ?? null;
    case 'status':
      return row.placar_mandante === null || row.placar_mandante === undefined
        ? String(row.status)
        : `${String(row.status)} ${String(row.placar_mandante)}x${String(row.placar_visitante)}`;
  }
}

/**
 * Whether `recebido` would move the stored match back in time: a finished match no longer finished, a live
 * one scheduled again, a score removed. A stale or cached feed does that; a real correction (a result
 * annulled) is the operator's call (`--allow-regress`).
 */
export function isRegression(guardado: Row, recebido: Row): boolean {
  if (guardado.status === 'encerrado' && recebido.status !== 'encerrado') return true;
  if (guardado.status === 'ao_vivo' && recebido.status === 'aguardando') return true;
  return guardado.placar_mandante !== null && recebido.placar_mandante === null;
}

const CAMPOS: readonly CampoConflito[] = ['data', 'hora', 'placar', 'estadio'];

/** Which value the precedence rule keeps for a disagreement on `campo`. */
export function kept(campo: CampoConflito, guardado: Row, recebido: Row): 'guardado' | 'recebido' {
  if (campo === 'placar') return 'guardado';
  if (campo === 'data' && recebido.data_hora === null && guardado.data_hora !== null) return 'guardado';
  return 'recebido';
}

/** The disagreements between a match row from one source and the same match's row from another. */
export function rowConflicts(partidaId: number, guardado: Row, recebido: Row): Conflito[] {
  const out: Conflito[] = [];
  for (const campo of CAMPOS) {
    const a = fact(guardado, campo);
    const b = fact(recebido, campo);
    if (a === null || b === null || a === b) continue;
    out.push({
      partida_id: partidaId,
      campo,
      guardado: { fonte: String(guardado.fonte), valor: a },
      recebido: { fonte: String(recebido.fonte), valor: b },
      mantido: kept(campo, guardado, recebido),
    });
  }
  return out;
}
