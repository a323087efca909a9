/** One championship: tabs for standings, rounds, bracket (knockout) and top scorers. */
import { Box, Text } from 'ink';
import type { Campeonato } from '../../../clients/typescript/index.js';
import { useTui } from '../context.js';
import { statusCampeonato } from '../format.js';
import { TabBar, useTabs } from '../components/tabs.js';
import { BracketTab } from './bracket-tab.js';
import { RoundsTab } from './rounds-tab.js';
import { ScorersTab } from './scorers-tab.js';
import { StandingsTab } from './standings-tab.js';

type Aba = 'Classificação' | 'Rodadas' | 'Chave' | 'Artilharia';

/** A knockout championship has rounds only when it has a phase played in rounds (`rodada_atual` set). */
function abas(c: Campeonato): Aba[] {
  if (c.tipo === 'pontos-corridos') return ['Classificação', 'Rodadas', 'Artilharia'];
  return c.rodada_atual
    ? ['Chave', 'Classificação', 'Rodadas', 'Artilharia']
    : ['Chave', 'Classificação', 'Artilharia'];
}

export function ChampionshipScreen({ campeonato }: { campeonato: Campeonato }) {
  const { bodyRows } = useTui();
  const tabs = abas(campeonato);
  const aba = useTabs(tabs);
  const height = bodyRows - 2;
  const props = { campeonato, height };
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold>{campeonato.nome}</Text>
        <Text dimColor>
          {' '}
          {campeonato.temporada} · {campeonato.tipo} · {statusCampeonato(campeonato.status)}
          {campeonato.rodada_atual ? ` · rodada atual ${campeonato.rodada_atual.numero}` : ''}
        </Text>
      </Text>
      <TabBar tabs={tabs} active={aba} />
      {aba === 'Classificação' && <StandingsTab key={aba} {...props} />}
      {aba === 'Rodadas' && <RoundsTab key={aba} {...props} />}
      {aba === 'Chave' && <BracketTab key={aba} {...props} />}
      {aba === 'Artilharia' && <ScorersTab key={aba} {...props} />}
    </Box>
  );
}
