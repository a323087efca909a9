/** Matches one per line (date, teams, score, status); Enter opens the match. */
import type { MatchRef as Partida } from '../routes.js';
import { useTui } from '../context.js';
import { linhaPartida } from '../format.js';
import { route } from '../routes.js';
import { ScrollList, type ListRow } from './scroll-list.js';

interface MatchListProps<P extends Partida> {
  name: string;
  partidas: readonly P[];
  height: number;
  /** Heading of each match's group (e.g. its championship on the live screen); a heading row starts each group. */
  group?: (partida: P) => string;
}

export function MatchList<P extends Partida>({ name, partidas, height, group }: MatchListProps<P>) {
  const { navigate, columns } = useTui();
  const byKey = new Map<string, P>();
  const rows: ListRow[] = [];
  let heading: string | undefined;
  for (const p of partidas) {
    const g = group?.(p);
    if (g !== undefined && g !== heading)
      rows.push({ key: `grupo:${rows.length}`, text: `── ${g} ──`, selectable: false, bold: true });
    heading = g;
    byKey.set(String(p.id), p);
    rows.push({
      key: String(p.id),
      text: linhaPartida(p, columns - 2),
      ...(p.status === 'ao_vivo' ? { color: 'green' } : {}),
    });
  }
  return (
    <ScrollList
      name={name}
      rows={rows}
      height={height}
      width={columns}
      onSelect={(row) => {
        const partida = byKey.get(row.key);
        if (partida) navigate(route({ screen: 'partida', partida }));
      }}
    />
  );
}
