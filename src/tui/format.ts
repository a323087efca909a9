/** Plain-text formatting shared by the screens: fixed-width cells so rows line up in any terminal. */
import type { PartidaDaRodada, StatusCampeonato, StatusPartida } from '../../clients/typescript/index.js';

/** A match as every list carries it (a round's matches have no `fase`). */
type Partida = PartidaDaRodada;

/** The one way the TUI shows an unknown value: never as 0 (spec rule 2). */
export const UNKNOWN = '—';

/** Cuts or pads `text` to exactly `width` columns (an ellipsis marks a cut). */
export function cell(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  const chars = [...text];
  const fitted = chars.length > width ? `${chars.slice(0, Math.max(0, width - 1)).join('')}…` : text;
  return align === 'right' ? fitted.padStart(width) : fitted.padEnd(width);
}

export function orUnknown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? UNKNOWN : String(value);
}

/** Decimals as the source gives them, at most two places; integers unchanged. */
export function statValue(value: number | null | undefined): string {
  if (value === null || value === undefined) return UNKNOWN;
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** Field names are written without accents; the labels put them back. */
const ACENTOS: Readonly<Record<string, string>> = {
  finalizacoes: 'finalizações',
  precisao: 'precisão',
  media: 'média',
  penaltis: 'pênaltis',
  cartoes: 'cartões',
  area: 'área',
  adversaria: 'adversária',
  ultimo: 'último',
  terco: 'terço',
  aereos: 'aéreos',
  chao: 'chão',
  interceptacoes: 'interceptações',
  recuperacoes: 'recuperações',
  saidas: 'saídas',
  dificeis: 'difíceis',
};

/** `posse_bola` → `Posse bola`, `finalizacoes_no_gol` → `Finalizações no gol`. */
export function fieldLabel(field: string): string {
  const words = field
    .split('_')
    .map((w) => ACENTOS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_PARTIDA: Record<StatusPartida, string> = {
  aguardando: 'aguardando',
  ao_vivo: 'AO VIVO',
  encerrado: 'encerrado',
  adiado: 'adiado',
};

export function statusPartida(status: StatusPartida | string): string {
  return STATUS_PARTIDA[status as StatusPartida] ?? status;
}

const STATUS_CAMPEONATO: Record<StatusCampeonato, string> = {
  andamento: 'em andamento',
  encerrado: 'encerrado',
  agendado: 'agendado',
};

export function statusCampeonato(status: StatusCampeonato | string | null): string {
  return status === null ? UNKNOWN : (STATUS_CAMPEONATO[status as StatusCampeonato] ?? status);
}

/** `2 x 1`, `– x –` before kick-off. */
export function placar(mandante: number | null, visitante: number | null): string {
  return mandante === null || visitante === null ? '– x –' : `${mandante} x ${visitante}`;
}

/** `(pên. 4 x 3)` when the match went to a shoot-out, else empty. */
export function penaltis(partida: Pick<Partida, 'disputa_penalti' | 'penalti'>): string {
  return partida.disputa_penalti &&
    partida.penalti.placar_mandante !== null &&
    partida.penalti.placar_visitante !== null
    ? `(pên. ${partida.penalti.placar_mandante} x ${partida.penalti.placar_visitante})`
    : '';
}

/** `27/04 16:00`; the API's local date and time of kick-off. */
export function quando(partida: Pick<Partida, 'data_realizacao' | 'hora_realizacao'>): string {
  const data = partida.data_realizacao ? partida.data_realizacao.slice(0, 5) : '--/--';
  return `${data} ${partida.hora_realizacao ?? '--:--'}`;
}

/** One match on one line: date, teams, score, status; fits 80 columns. */
export function linhaPartida(partida: Partida, width: number): string {
  const teamWidth = Math.max(8, Math.floor((width - 38) / 2));
  const line = [
    quando(partida),
    cell(partida.time_mandante.nome, teamWidth, 'right'),
    cell(placar(partida.placar_mandante, partida.placar_visitante), 7),
    cell(partida.time_visitante.nome, teamWidth),
    cell(statusPartida(partida.status), 10),
    penaltis(partida),
  ].join(' ');
  return cell(line.trimEnd(), width);
}

/** "há 12 s" style age of a refresh, from two epoch-millisecond instants. */
export function idade(desde: number, agora: number): string {
  const segundos = Math.max(0, Math.floor((agora - desde) / 1000));
  return segundos < 60 ? `${segundos} s` : `${Math.floor(segundos / 60)} min ${segundos % 60} s`;
}
