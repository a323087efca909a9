/**
 * The aggregate of a two-legged tie, from the side of the first leg's home team. The API gives each leg's
 * score; adding them is presentation, so the TUI does it rather than asking the server for a new field.
 */
import type { Chave } from '../../clients/typescript/index.js';

export interface Agregado {
  /** Team that played the first leg at home. */
  siglaA: string;
  siglaB: string;
  golsA: number;
  golsB: number;
  /** Shoot-out of the deciding leg, from the same side; null when there was none. */
  penaltis: { a: number; b: number } | null;
}

/** Null for a single-match tie and until both legs have a score. */
export function agregado(chave: Chave): Agregado | null {
  const { partida_ida: ida, partida_volta: volta } = chave;
  if (!ida || ida.placar_mandante === null || ida.placar_visitante === null) return null;
  if (!volta || volta.placar_mandante === null || volta.placar_visitante === null) return null;
  // In the second leg the first leg's home team plays away.
  const penaltis =
    volta.disputa_penalti && volta.penalti.placar_visitante !== null && volta.penalti.placar_mandante !== null
      ? { a: volta.penalti.placar_visitante, b: volta.penalti.placar_mandante }
      : null;
  return {
    siglaA: ida.time_mandante.sigla,
    siglaB: ida.time_visitante.sigla,
    golsA: ida.placar_mandante + volta.placar_visitante,
    golsB: ida.placar_visitante + volta.placar_mandante,
    penaltis,
  };
}

export function agregadoTexto(a: Agregado): string {
  const pen = a.penaltis ? `, pên. ${a.penaltis.a} x ${a.penaltis.b}` : '';
  return `${a.siglaA} ${a.golsA} x ${a.golsB} ${a.siglaB}${pen}`;
}
