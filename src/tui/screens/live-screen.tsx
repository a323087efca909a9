/** Matches in progress, reloaded on a timer (the API's live cache is 15 s) with the age of the data shown. */
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useTui } from '../context.js';
import { idade } from '../format.js';
import { MatchList } from '../components/match-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

export function LiveScreen() {
  const { client, bodyRows, liveRefreshMs } = useTui();
  const [tick, setTick] = useState(0);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const reload = setInterval(() => setTick((t) => t + 1), liveRefreshMs);
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(reload);
      clearInterval(clock);
    };
  }, [liveRefreshMs]);
  const aoVivo = useResource('ao-vivo', () => client.aoVivo(), tick);

  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold color="green">
          Ao vivo
        </Text>
        <Text dimColor>
          {aoVivo.loadedAt !== undefined ? ` · atualizado há ${idade(aoVivo.loadedAt, now)}` : ''}
          {` · recarrega a cada ${Math.round(liveRefreshMs / 1000)} s`}
          {aoVivo.loading && aoVivo.data ? ' · atualizando…' : ''}
        </Text>
      </Text>
      <ResourceView resource={aoVivo} label="Carregando partidas ao vivo">
        {({ data }) =>
          data.length === 0 ? (
            <Text dimColor>Nenhuma partida ao vivo agora.</Text>
          ) : (
            <MatchList
              name="ao-vivo"
              partidas={[...data].sort((a, b) => a.campeonato.id - b.campeonato.id)}
              height={bodyRows - 1}
              group={(p) => `${p.campeonato.nome} ${p.campeonato.temporada}`}
            />
          )
        }
      </ResourceView>
    </Box>
  );
}
