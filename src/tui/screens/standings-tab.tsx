/**
 * Standings: the championship table for a points-based championship; for a knockout one, the table of each
 * phase played in groups (←/→ choose the phase).
 */
import { Box, Text } from 'ink';
import type { Campeonato, Fase } from '../../../clients/typescript/index.js';
import { useRouteState, useTui } from '../context.js';
import { StandingsTable } from '../components/standings-table.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { useKeys } from '../keys.js';

export function StandingsTab({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  return campeonato.tipo === 'mata-mata' ? (
    <PhaseStandings campeonato={campeonato} height={height} />
  ) : (
    <ChampionshipStandings campeonato={campeonato} height={height} />
  );
}

function ChampionshipStandings({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  const { client, columns } = useTui();
  const tabela = useResource('tabela', () => client.tabela(campeonato.id));
  return (
    <ResourceView resource={tabela} label="Carregando classificação">
      {(t) => <StandingsTable name="tabela" linhas={t.classificacao} height={height} width={columns} />}
    </ResourceView>
  );
}

function PhaseStandings({ campeonato, height }: { campeonato: Campeonato; height: number }) {
  const { client } = useTui();
  const fases = useResource('fases', () => client.fases(campeonato.id));
  return (
    <ResourceView resource={fases} label="Carregando fases">
      {({ data }) => {
        const emGrupos = data.filter((f) => !f.eliminatorio && f.tipo !== 'mata-mata');
        return emGrupos.length === 0 ? (
          <Text dimColor>Nenhuma fase com classificação: veja a aba Chave.</Text>
        ) : (
          <PhaseTable campeonato={campeonato} fases={emGrupos} height={height} />
        );
      }}
    </ResourceView>
  );
}

function PhaseTable({ campeonato, fases, height }: { campeonato: Campeonato; fases: readonly Fase[]; height: number }) {
  const { client, columns } = useTui();
  const [index, setIndex] = useRouteState('fase', 0);
  const fase = fases[Math.min(index, fases.length - 1)] as Fase;
  const tabela = useResource(`tabela-fase:${fase.id}`, () => client.tabelaDaFase(campeonato.id, fase.id));
  useKeys((input, key) => {
    if (key.leftArrow || input === 'h') setIndex((i) => Math.max(0, i - 1));
    else if (key.rightArrow || input === 'l') setIndex((i) => Math.min(fases.length - 1, i + 1));
  });
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold>{fase.nome}</Text>
        <Text dimColor>{fases.length > 1 ? `  (←/→ ${index + 1} de ${fases.length} fases)` : ''}</Text>
      </Text>
      <ResourceView resource={tabela} label={`Carregando ${fase.nome}`}>
        {(t) => (
          <StandingsTable name={`fase:${fase.id}`} linhas={t.classificacao} height={height - 1} width={columns} />
        )}
      </ResourceView>
    </Box>
  );
}
