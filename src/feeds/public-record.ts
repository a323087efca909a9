/**
 * The public record the data files lack (public-record.json): points adjustments of past seasons, applied by
 * the loader whenever their championship is loaded, as records of the source `registro-publico`.
 */
import { readFileSync } from 'node:fs';

export const PUBLIC_RECORD_SOURCE = 'registro-publico';

export interface PublicAdjustment {
  id: string;
  campeonato: { slug: string; temporada: string };
  /** The team's name, resolved like any source's (team-names.ts). */
  time: string;
  pontos: number;
  motivo: string;
  referencia: string;
}

export const PUBLIC_ADJUSTMENTS: readonly PublicAdjustment[] = (
  JSON.parse(readFileSync(new URL('./public-record.json', import.meta.url), 'utf8')) as {
    ajustes_pontos: PublicAdjustment[];
  }
).ajustes_pontos;
