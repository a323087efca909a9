/** One player's card. */
import { Box, Text } from 'ink';
import type { Jogador } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { orUnknown } from '../format.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

export function PlayerScreen({ jogador }: { jogador: Pick<Jogador, 'id' | 'nome_popular'> }) {
  const { client } = useTui();
  const detalhe = useResource('jogador', () => client.jogador(jogador.id));
  return (
    <ResourceView resource={detalhe} label={`Carregando ${jogador.nome_popular}`}>
      {(j) => (
        <Box flexDirection="column">
          <Text bold>{j.nome_popular}</Text>
          {(
            [
              ['Nome', j.nome],
              ['Time', j.time ? `${j.time.nome} (${j.time.sigla})` : null],
              ['Posição', j.posicao ? `${j.posicao.nome} (${j.posicao.sigla})` : null],
              ['Camisa', j.numero_camisa],
              ['Idade', j.idade],
              ['Gols', j.gols],
            ] as const
          ).map(([label, value]) => (
            <Text key={label}>
              <Text dimColor>{label.padEnd(9)}</Text>
              {orUnknown(value)}
            </Text>
          ))}
        </Box>
      )}
    </ResourceView>
  );
}
