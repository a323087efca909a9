/** A standings table: position, team, points, games, W/D/L, goals for/against, goal difference. */
import { Box, Text } from 'ink';
import type { LinhaClassificacao } from '../../../clients/typescript/index.js';
import { cell } from '../format.js';
import { ScrollList } from './scroll-list.js';

const NUMBERS = ['P', 'J', 'V', 'E', 'D', 'GP', 'GC', 'SG'] as const;

export function StandingsTable({
  name,
  linhas,
  height,
  width,
}: {
  name: string;
  linhas: readonly LinhaClassificacao[];
  height: number;
  width: number;
}) {
  const teamWidth = Math.max(10, width - 4 - NUMBERS.length * 4 - 1);
  const header = `${cell('#', 4)}${cell('Time', teamWidth)}${NUMBERS.map((n) => cell(n, 4, 'right')).join('')}`;
  const rows = linhas.map((l) => ({
    key: String(l.time.id),
    text:
      cell(String(l.posicao), 4) +
      cell(l.time.nome, teamWidth) +
      [l.pontos, l.jogos, l.vitorias, l.empates, l.derrotas, l.gols_pro, l.gols_contra, l.saldo]
        .map((n) => cell(String(n), 4, 'right'))
        .join(''),
  }));
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {header}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor>Sem classificação ainda.</Text>
      ) : (
        <ScrollList name={name} rows={rows} height={height - 1} width={width} />
      )}
    </Box>
  );
}
