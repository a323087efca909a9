/** First screen: every championship, filtered by season, status and type (API filters). */
import { Box, Text } from 'ink';
import type {
  Campeonato,
  FiltroCampeonatos,
  StatusCampeonato,
  TipoCampeonato,
} from '../../../clients/typescript/index.js';
import { useRouteState, useTui } from '../context.js';
import { cell, statusCampeonato } from '../format.js';
import { ScrollList, type ListRow } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';
import { route } from '../routes.js';
import { useKeys } from '../keys.js';

export const CAMPEONATOS_KEY = 'campeonatos';
const STATUS: readonly StatusCampeonato[] = ['andamento', 'encerrado', 'agendado'];
const TIPOS: readonly TipoCampeonato[] = ['pontos-corridos', 'mata-mata'];

export function ChampionshipsScreen() {
  const { client, navigate, columns, bodyRows } = useTui();
  const [filtro, setFiltro] = useRouteState<FiltroCampeonatos>('filtro', {});
  const filtered = filtro.temporada !== undefined || filtro.status !== undefined || filtro.tipo !== undefined;
  const all = useResource(CAMPEONATOS_KEY, () => client.campeonatos());
  const shown = useResource(filtered ? `${CAMPEONATOS_KEY}:${JSON.stringify(filtro)}` : null, () =>
    client.campeonatos(filtro),
  );
  const list = filtered ? shown : all;
  const temporadas = [...new Set((all.data?.data ?? []).map((c) => c.temporada))].sort().reverse();

  useKeys((input) => {
    if (input === 's') setFiltro({ ...filtro, status: next(STATUS, filtro.status) });
    else if (input === 't') setFiltro({ ...filtro, tipo: next(TIPOS, filtro.tipo) });
    else if (input === 'y') setFiltro({ ...filtro, temporada: next(temporadas, filtro.temporada) });
    else if (input === 'c') setFiltro({});
  });

  const rows: ListRow[] = (list.data?.data ?? []).map((c) => ({ key: String(c.id), text: linha(c, columns) }));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text dimColor>Filtros </Text>
        temporada <Text color="cyan">{filtro.temporada ?? 'todas'}</Text> (y) · status{' '}
        <Text color="cyan">{filtro.status ?? 'todos'}</Text> (s) · tipo{' '}
        <Text color="cyan">{filtro.tipo ?? 'todos'}</Text> (t) · limpar (c)
      </Text>
      <Text bold wrap="truncate">
        {cell(`  ${cell('Campeonato', 34)} ${cell('Temp.', 6)}${cell('Tipo', 16)}${cell('Status', 14)}Rodada`, columns)}
      </Text>
      <ResourceView resource={list} label="Carregando campeonatos">
        {(data) =>
          data.data.length === 0 ? (
            <Text dimColor>Nenhum campeonato com estes filtros.</Text>
          ) : (
            <ScrollList
              name={`lista:${JSON.stringify(filtro)}`}
              rows={rows}
              height={bodyRows - 2}
              width={columns}
              onSelect={(_, i) => {
                const campeonato = data.data[i];
                if (campeonato) navigate(route({ screen: 'campeonato', campeonato }));
              }}
            />
          )
        }
      </ResourceView>
    </Box>
  );
}

function linha(c: Campeonato, width: number): string {
  const nome = c.nome_popular || c.nome;
  const rodada = c.rodada_atual ? String(c.rodada_atual.numero) : '—';
  return cell(
    `${cell(nome, 34)} ${cell(c.temporada, 6)}${cell(c.tipo, 16)}${cell(statusCampeonato(c.status), 14)}${rodada}`,
    width,
  );
}

/** Cycles a filter through its values and back to "all" (undefined). */
function next<T>(values: readonly T[], current: T | undefined): T | undefined {
  const at = current === undefined ? -1 : values.indexOf(current);
  return at + 1 < values.length ? values[at + 1] : undefined;
}
