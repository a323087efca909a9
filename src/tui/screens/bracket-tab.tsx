/** The knockout bracket: each phase's ties with both legs and the aggregate (and shoot-out); Enter opens a leg. */
import type { Campeonato, Chave, Partida } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { cell, penaltis, placar, statusPartida } from '../format.js';
import { agregado, agregadoTexto } from '../aggregate.js';
import { ScrollList, type ListRow } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { route } from '../routes.js';

export function BracketTab({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  const { client, columns, navigate } = useTui();
  const chave = useResource('chave', () => client.chave(campeonato.id));
  return (
    <ResourceView resource={chave} label="Carregando chave">
      {(c) => {
        const legs = new Map<string, Partida>();
        const rows: ListRow[] = c.fases.flatMap((fase) => [
          { key: `fase:${fase.id}`, text: `── ${fase.nome} ──`, selectable: false, bold: true },
          ...fase.chaves.flatMap((ch) => tieRows(ch, columns, legs)),
        ]);
        return (
          <ScrollList
            name="chave"
            rows={rows}
            height={height}
            width={columns}
            onSelect={(row) => {
              const partida = legs.get(row.key);
              if (partida) navigate(route({ screen: 'partida', partida }));
            }}
          />
        );
      }}
    </ResourceView>
  );
}

/** Two lines per tie (first and second leg), the aggregate after the deciding one. */
function tieRows(chave: Chave, width: number, legs: Map<string, Partida>): ListRow[] {
  const total = agregado(chave);
  const pernas: [string, Partida | null][] = [
    ['Ida', chave.partida_ida],
    ['Volta', chave.partida_volta],
  ];
  const present = pernas.filter((p): p is [string, Partida] => p[1] !== null);
  if (present.length === 0) {
    return [{ key: `chave:${chave.id}`, text: `${cell(chave.nome, 18)} a definir`, selectable: false }];
  }
  return present.map(([perna, partida], i) => {
    const key = `partida:${partida.id}`;
    legs.set(key, partida);
    const last = i === present.length - 1;
    const teams = `${cell(partida.time_mandante.sigla, 4, 'right')} ${cell(placar(partida.placar_mandante, partida.placar_visitante), 7)} ${cell(partida.time_visitante.sigla, 4)}`;
    const twoLegs = present.length > 1;
    const extra =
      last && total ? `agregado ${agregadoTexto(total)}` : `${statusPartida(partida.status)} ${penaltis(partida)}`;
    return {
      key,
      text: `${cell(i === 0 ? chave.nome : '', 18)} ${cell(twoLegs ? perna : 'Único', 5)} ${teams}  ${extra}`.slice(
        0,
        width,
      ),
      ...(partida.status === 'ao_vivo' ? { color: 'green' } : {}),
    };
  });
}
