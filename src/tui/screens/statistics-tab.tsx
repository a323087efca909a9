/** Match statistics, home and away side by side; a value the source did not report shows as "—", never 0. */
import { Box, Text } from 'ink';
import type { RegistroEstatisticas } from '../../../clients/typescript/index.js';
import type { MatchRef as Partida } from '../routes.js';
import { STAT_FIELDS } from '../../feeds/statistics-fields.js';
import { useTui } from '../context.js';
import { cell, fieldLabel, statValue, UNKNOWN } from '../format.js';
import { ScrollList } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

export function StatisticsTab({ partida, height }: { partida: Partida; height: number }) {
  const { client, columns } = useTui();
  const estatisticas = useResource('estatisticas', () => client.estatisticas(partida.id));
  const side = 10;
  const labelWidth = Math.max(10, columns - 2 * side - 2);
  return (
    <ResourceView resource={estatisticas} label="Carregando estatísticas">
      {(e) => {
        const mandante: RegistroEstatisticas = e.estatisticas.mandante ?? {};
        const visitante: RegistroEstatisticas = e.estatisticas.visitante ?? {};
        return (
          <Box flexDirection="column">
            <Text bold wrap="truncate">
              {`${cell(e.time_mandante?.sigla ?? UNKNOWN, side, 'right')} ${cell('', labelWidth)} ${cell(e.time_visitante?.sigla ?? UNKNOWN, side)}`}
            </Text>
            <ScrollList
              name="estatisticas"
              height={height - 1}
              width={columns}
              rows={STAT_FIELDS.map((field) => ({
                key: field,
                text: `${cell(statValue(mandante[field]), side, 'right')} ${cell(centre(fieldLabel(field), labelWidth), labelWidth)} ${cell(statValue(visitante[field]), side)}`,
              }))}
            />
          </Box>
        );
      }}
    </ResourceView>
  );
}

function centre(text: string, width: number): string {
  const pad = Math.max(0, Math.floor((width - text.length) / 2));
  return ' '.repeat(pad) + text;
}
