/** Matches one per line (date, teams, score, status); Enter opens the match. */
import type { Partida } from '../api-types.js';
import { useTui } from '../context.js';
import { linhaPartida } from '../format.js';
import { route } from '../routes.js';
import { ScrollList } from './scroll-list.js';

interface MatchListProps<P extends Partida> {
  name: string;
  partidas: readonly P[];
  height: number;
  /** Extra text before each line (e.g. the championship on the live screen). */
  prefix?: (partida: P) => string;
}

export function MatchList<P extends Partida>({ name, partidas, height, prefix }: MatchListProps<P>) {
  const { navigate, columns } = useTui();
  const rows = partidas.map((p) => {
    const lead = prefix ? prefix(p) : '';
    return {
      key: String(p.id),
      text: lead + linhaPartida(p, columns - lead.length - 2),
      ...(p.status === 'ao_vivo' ? { color: 'green' } : {}),
    };
  });
  return (
    <ScrollList
      name={name}
      rows={rows}
      height={height}
      width={columns}
      onSelect={(_, i) => {
        const partida = partidas[i];
        if (partida) navigate(route({ screen: 'partida', partida }));
      }}
    />
  );
}
