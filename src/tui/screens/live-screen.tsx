/**
 * Matches in progress. The list is the REST resource; the event stream (`/v1/stream`) says when it changed, so a
 * goal shows as soon as it is published. Without the stream (plan, network) it reloads on a timer instead.
 */
import { systemClock } from '../../clock.js';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { followEventStream } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { idade } from '../format.js';
import { MatchList } from '../components/match-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

/** The events that change the live list. */
const LIVE_EVENTS = 'partida.ao_vivo,partida.placar_atualizado,partida.gol,partida.encerrada';

export function LiveScreen() {
  const { client, bodyRows, liveRefreshMs } = useTui();
  const [tick, setTick] = useState(0);
  const [now, setNow] = useState(systemClock.now());
  const [streaming, setStreaming] = useState(false);
  // A retained snapshot never changes: no stream, no timer.
  const asOf = client.snapshot;
  useEffect(
    () =>
      asOf
        ? undefined
        : followEventStream({
            baseUrl: client.baseUrl,
            key: client.key,
            query: { eventos: LIVE_EVENTS },
            onEvent: () => setTick((t) => t + 1),
            // On (re)connecting, reload once: something may have changed while disconnected.
            onStatus: (connected) => {
              setStreaming(connected);
              if (connected) setTick((t) => t + 1);
            },
          }),
    [client, asOf],
  );
  useEffect(() => {
    const clock = setInterval(() => setNow(systemClock.now()), 1000);
    if (streaming || asOf) return () => clearInterval(clock);
    const reload = setInterval(() => setTick((t) => t + 1), liveRefreshMs);
    return () => {
      clearInterval(reload);
      clearInterval(clock);
    };
  }, [liveRefreshMs, streaming, asOf]);
  const aoVivo = useResource('ao-vivo', () => client.aoVivo(), tick);

  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold color="green">
          Ao vivo
        </Text>
        <Text dimColor>
          {aoVivo.loadedAt !== undefined ? ` · atualizado há ${idade(aoVivo.loadedAt, now)}` : ''}
          {asOf
            ? ` · como no snapshot ${asOf}`
            : streaming
              ? ' · pelo stream de eventos'
              : ` · recarrega a cada ${Math.round(liveRefreshMs / 1000)} s`}
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
              partidas={[...data].sort((a, b) => (a.campeonato?.id ?? 0) - (b.campeonato?.id ?? 0))}
              height={bodyRows - 1}
              group={(p) =>
                p.campeonato ? `${p.campeonato.nome} ${p.campeonato.temporada}` : 'Campeonato não informado'
              }
            />
          )
        }
      </ResourceView>
    </Box>
  );
}
