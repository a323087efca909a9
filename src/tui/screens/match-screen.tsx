/** A match: score and status on top; tabs for events by minute, lineups and statistics side by side. */
import { Box, Text } from 'ink';
import type { MatchRef as Partida } from '../routes.js';
import { useTui } from '../context.js';
import { penaltis, placar, statusPartida } from '../format.js';
import { TabBar, useTabs } from '../components/tabs.js';
import { useResource } from '../use-resource.js';
import { EventsTab } from './events-tab.js';
import { LineupsTab } from './lineups-tab.js';
import { StatisticsTab } from './statistics-tab.js';

const TABS = ['Eventos', 'Escalações', 'Estatísticas'] as const;

export function MatchScreen({ partida: opened }: { partida: Partida }) {
  const { client, bodyRows } = useTui();
  const aba = useTabs(TABS);
  // There is no single-match endpoint: a live match's score is refreshed from the live list.
  const aoVivo = useResource(opened.status === 'ao_vivo' ? 'ao-vivo' : null, () => client.aoVivo());
  const partida = aoVivo.data?.data.find((p) => p.id === opened.id) ?? opened;
  const height = bodyRows - 3;
  const onde = [
    partida.data_realizacao,
    partida.hora_realizacao,
    partida.estadio,
    partida.fase?.nome ?? partida.rodada_nome,
  ]
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .join(' · ');
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold>{partida.time_mandante.nome} </Text>
        <Text bold color="yellow">
          {placar(partida.placar_mandante, partida.placar_visitante)}
        </Text>
        <Text bold> {partida.time_visitante.nome}</Text> {penaltis(partida)}{' '}
        <Text color={partida.status === 'ao_vivo' ? 'green' : 'gray'}>{statusPartida(partida.status)}</Text>
      </Text>
      <Text dimColor wrap="truncate">
        {onde}
      </Text>
      <TabBar tabs={TABS} active={aba} />
      {aba === 'Eventos' && <EventsTab partida={partida} height={height} />}
      {aba === 'Escalações' && <LineupsTab partida={partida} height={height} />}
      {aba === 'Estatísticas' && <StatisticsTab partida={partida} height={height} />}
    </Box>
  );
}
