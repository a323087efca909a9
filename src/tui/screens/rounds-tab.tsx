/** One round at a time (starting at the current one) with its matches; ←/→ walk to the previous/next. */
import { Box, Text } from 'ink';
import type { Campeonato } from '../../../clients/typescript/index.js';
import { useRouteState, useTui } from '../context.js';
import { MatchList } from '../components/match-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { useKeys } from '../keys.js';

export function RoundsTab({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  const { client } = useTui();
  const [numero, setNumero] = useRouteState('rodada', campeonato.rodada_atual?.numero ?? 1);
  const rodada = useResource(`rodada:${numero}`, () => client.rodada(campeonato.id, numero));
  const anterior = rodada.data?.rodada_anterior ?? null;
  const proxima = rodada.data?.proxima_rodada ?? null;

  useKeys((input, key) => {
    if ((key.leftArrow || input === 'h') && anterior) setNumero(anterior.numero);
    else if ((key.rightArrow || input === 'l') && proxima) setNumero(proxima.numero);
  });

  return (
    <ResourceView resource={rodada} label={`Carregando rodada ${numero}`}>
      {(r) => (
        <Box flexDirection="column">
          <Text wrap="truncate">
            <Text dimColor>{anterior ? `‹ ${anterior.nome} (←)  ` : ''}</Text>
            <Text bold>{r.nome}</Text>
            <Text dimColor>
              {' '}
              {r.status}
              {r.data ? ` · ${r.data}` : ''}
            </Text>
            <Text dimColor>{proxima ? `  (→) ${proxima.nome} ›` : ''}</Text>
          </Text>
          {r.partidas.length === 0 ? (
            <Text dimColor>Rodada sem partidas.</Text>
          ) : (
            <MatchList name={`rodada:${r.numero}`} partidas={r.partidas} height={height - 1} />
          )}
        </Box>
      )}
    </ResourceView>
  );
}
