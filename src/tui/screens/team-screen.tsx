/** A team's squad, ordered by the API (position, then name); Enter opens a player. */
import { Box, Text } from 'ink';
import type { Time } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { cell, orUnknown } from '../format.js';
import { ScrollList } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { route } from '../routes.js';

export function TeamScreen({ time }: { time: Pick<Time, 'id' | 'nome'> }) {
  const { client, columns, bodyRows, navigate } = useTui();
  const jogadores = useResource('jogadores', () => client.jogadoresDoTime(time.id));
  return (
    <Box flexDirection="column">
      <Text bold>{time.nome}</Text>
      <Text
        bold
        wrap="truncate"
      >{`  ${cell('Nº', 4)}${cell('Jogador', 30)}${cell('Posição', 14)}${cell('Idade', 7)}Gols`}</Text>
      <ResourceView resource={jogadores} label="Carregando elenco">
        {({ data }) =>
          data.length === 0 ? (
            <Text dimColor>Nenhum jogador cadastrado.</Text>
          ) : (
            <ScrollList
              name="elenco"
              height={bodyRows - 2}
              width={columns}
              rows={data.map((j) => ({
                key: String(j.id),
                text: `${cell(orUnknown(j.numero_camisa), 4)}${cell(j.nome_popular || j.nome, 30)}${cell(j.posicao?.nome ?? '—', 14)}${cell(orUnknown(j.idade), 7)}${j.gols}`,
              }))}
              onSelect={(_, i) => {
                const jogador = data[i];
                if (jogador) navigate(route({ screen: 'jogador', jogador }));
              }}
            />
          )
        }
      </ResourceView>
    </Box>
  );
}
