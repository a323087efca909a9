import type { ChampionshipDiff, MatchChange, SnapshotDiff } from '../warehouse/diff/diff.js';
import { printLine } from './output.js';

/** Matches listed per championship and kind in the human output; --json lists them all. */
const MATCHES_SHOWN = 10;

/** The plan of `svc snapshots diff` and `svc ingest --dry-run`, for people (one block per championship). */
export function printPlan(diff: SnapshotDiff): void {
  const t = diff.totais;
  printLine(
    `partidas: ${t.partidas_adicionadas} adicionada(s), ${t.partidas_alteradas} alterada(s), ${t.partidas_removidas} removida(s); posições na classificação: ${t.posicoes}`,
  );
  if (diff.eventos) printLine(`eventos de webhook: ${diff.eventos.total}${types(diff.eventos.por_tipo)}`);
  for (const c of diff.campeonatos) printChampionship(c, diff.eventos !== null);
}

function printChampionship(c: ChampionshipDiff, withEvents: boolean): void {
  printLine();
  printLine(`${c.nome} ${c.temporada} (campeonato ${c.campeonato_id})`);
  printMatches('+', c.partidas.adicionadas, (m) => summary(m, 'depois'));
  printMatches('~', c.partidas.alteradas, (m) =>
    m.campos.map((f) => `${f.campo} ${f.antes ?? '—'} → ${f.depois ?? '—'}`).join('; '),
  );
  printMatches('-', c.partidas.removidas, (m) => summary(m, 'antes'));
  for (const p of c.classificacao) {
    const where = (pos: number | null, pts: number | null) => (pos === null ? 'fora' : `${pos}º (${pts} pts)`);
    printLine(
      `  classificação${p.fase_id === null ? '' : ` (fase ${p.fase_id})`}: ${p.time ?? p.time_id} ${where(p.posicao_antes, p.pontos_antes)} → ${where(p.posicao_depois, p.pontos_depois)}`,
    );
  }
  if (withEvents && Object.keys(c.eventos).length > 0) printLine(`  eventos de webhook:${types(c.eventos)}`);
}

function printMatches(mark: string, matches: readonly MatchChange[], detail: (m: MatchChange) => string): void {
  for (const m of matches.slice(0, MATCHES_SHOWN))
    printLine(`  ${mark} ${m.partida_id} ${m.jogo} (${m.data_hora ?? 'sem data'}): ${detail(m)}`);
  if (matches.length > MATCHES_SHOWN)
    printLine(`  ${mark} … e mais ${matches.length - MATCHES_SHOWN} (--json lista todas)`);
}

/** An added or removed match: its status and score on the side that has it. */
function summary(m: MatchChange, side: 'antes' | 'depois'): string {
  const field = (campo: string) => m.campos.find((f) => f.campo === campo)?.[side] ?? null;
  return [field('status'), field('placar')].filter((v) => v !== null).join(' ');
}

function types(porTipo: Record<string, number>): string {
  const list = Object.entries(porTipo).map(([t, n]) => `${t} ×${n}`);
  return list.length === 0 ? '' : ` (${list.join(', ')})`;
}
