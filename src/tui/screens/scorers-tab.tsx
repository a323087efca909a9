/** Top scorers, as the API orders them (goals descending). */
import { Box, Text } from 'ink';
import type { Campeonato } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { cell } from '../format.js';
import { ScrollList } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { route } from '../routes.js';

export function ScorersTab({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  const { client, columns, navigate } = useTui();
  const artilharia = useResource('artilharia', () => client.artilharia(campeonato.id));
  const nameWidth = Math.max(12, Math.floor((columns - 16) / 2));
  return (
    <ResourceView resource={artilharia} label="Carregando artilharia">
      {({ data }) => (
        <Box flexDirection="column">
          <Text bold wrap="truncate">
            {`  ${cell('#', 4)}${cell('Jogador', nameWidth)} ${cell('Time', nameWidth)} ${cell('Gols', 5, 'right')}`}
          </Text>
          {data.length === 0 ? (
            <Text dimColor>Nenhum gol marcado ainda.</Text>
          ) : (
            <ScrollList
              name="artilharia"
              height={height - 1}
              width={columns}
              rows={data.map((j, i) => ({
                key: String(j.id),
                text: `${cell(String(i + 1), 4)}${cell(j.nome_popular || j.nome, nameWidth)} ${cell(j.time?.nome ?? '—', nameWidth)} ${cell(String(j.gols), 5, 'right')}`,
              }))}
              onSelect={(_, i) => {
                const jogador = data[i];
                if (jogador) navigate(route({ screen: 'jogador', jogador }));
              }}
            />
          )}
        </Box>
      )}
    </ResourceView>
  );
}
