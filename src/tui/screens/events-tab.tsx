/** Goals, cards and substitutions of a match, by minute, each with its team. */
import { Text } from 'ink';
import type { EventoPartida } from '../../../clients/typescript/index.js';
import type { MatchRef as Partida } from '../routes.js';
import { useTui } from '../context.js';
import { cell, UNKNOWN } from '../format.js';
import { ScrollList } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

const TIPOS: Record<string, { label: string; color?: string }> = {
  gol: { label: 'Gol', color: 'green' },
  gol_contra: { label: 'Gol contra', color: 'green' },
  penalti: { label: 'Gol de pênalti', color: 'green' },
  cartao_amarelo: { label: 'Cartão amarelo', color: 'yellow' },
  cartao_vermelho: { label: 'Cartão vermelho', color: 'red' },
  substituicao: { label: 'Substituição' },
};

export function EventsTab({ partida, height }: { partida: Partida; height: number }) {
  const { client, columns } = useTui();
  const eventos = useResource('eventos', () => client.eventos(partida.id));
  return (
    <ResourceView resource={eventos} label="Carregando eventos">
      {({ data }) =>
        data.length === 0 ? (
          <Text dimColor>Nenhum evento registrado.</Text>
        ) : (
          <ScrollList
            name="eventos"
            height={height}
            width={columns}
            rows={data.map((e, i) => ({ key: String(i), text: linha(e, partida), ...cor(e) }))}
          />
        )
      }
    </ResourceView>
  );
}

function linha(e: EventoPartida, partida: Partida): string {
  const sigla =
    e.time_nome === partida.time_mandante.nome
      ? partida.time_mandante.sigla
      : e.time_nome === partida.time_visitante.nome
        ? partida.time_visitante.sigla
        : (e.time_nome ?? UNKNOWN);
  const tipo = TIPOS[e.tipo]?.label ?? e.tipo;
  return `${cell(`${e.minuto}'`, 5, 'right')}  ${cell(sigla, 5)} ${cell(tipo, 16)} ${e.jogador ?? '(autor não confirmado)'}`;
}

function cor(e: EventoPartida): { color?: string } {
  const color = TIPOS[e.tipo]?.color;
  return color ? { color } : {};
}
