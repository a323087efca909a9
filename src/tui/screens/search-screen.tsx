/** `/`: search teams and players by name (at least 2 characters, as the API requires). */
import { Box, Text } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { useRouteState, useTui } from '../context.js';
import { cell } from '../format.js';
import { ScrollList, type ListRow } from '../components/scroll-list.js';
import { ErrorLine, Loading } from '../components/status.js';
import { TextField } from '../components/text-field.js';
import { useResource } from '../use-resource.js';
import { route, type RouteTarget } from '../routes.js';
import { useKeys } from '../keys.js';

export function SearchScreen() {
  const { client, columns, bodyRows, navigate, setTyping } = useTui();
  const [text, setText] = useState('');
  const [busca, setBusca] = useRouteState<string | null>('busca', null);
  const [typing, setLocalTyping] = useState(busca === null);
  // Before the next key is read, so a `q` typed right away is text, not "quit".
  useLayoutEffect(() => {
    setTyping(typing);
    return () => setTyping(false);
  }, [typing, setTyping]);
  useKeys(
    (input) => {
      if (input === '/') setLocalTyping(true);
    },
    { isActive: !typing },
  );

  const times = useResource(busca === null ? null : `times:${busca}`, () => client.buscarTimes(busca ?? ''));
  const jogadores = useResource(busca === null ? null : `jogadores:${busca}`, () =>
    client.buscarJogadores(busca ?? ''),
  );
  const targets = new Map<string, RouteTarget>();
  const rows: ListRow[] = [];
  if (times.data) {
    rows.push({ key: 'h:times', text: `Times (${times.data.data.length})`, selectable: false, bold: true });
    for (const t of times.data.data) {
      targets.set(`t:${t.id}`, { screen: 'time', time: t });
      rows.push({ key: `t:${t.id}`, text: `  ${cell(t.nome, 40)} ${t.sigla}` });
    }
  }
  if (jogadores.data) {
    rows.push({ key: 'h:jogadores', text: `Jogadores (${jogadores.data.data.length})`, selectable: false, bold: true });
    for (const j of jogadores.data.data) {
      targets.set(`j:${j.id}`, { screen: 'jogador', jogador: j });
      rows.push({
        key: `j:${j.id}`,
        text: `  ${cell(j.nome_popular || j.nome, 30)} ${cell(j.posicao?.sigla ?? '', 5)} ${j.time?.nome ?? ''}`,
      });
    }
  }
  const error = times.error ?? jogadores.error;

  return (
    <Box flexDirection="column">
      <Box>
        <Text color="cyan">Buscar: </Text>
        {typing ? (
          <TextField
            value={text}
            onChange={setText}
            onSubmit={(q) => {
              setBusca(q.trim());
              setLocalTyping(false);
            }}
            placeholder="nome de time ou jogador (mín. 2 letras), Enter busca"
          />
        ) : (
          <Text>
            {busca} <Text dimColor>(/ nova busca)</Text>
          </Text>
        )}
      </Box>
      {error !== undefined && <ErrorLine message={error} />}
      {(times.loading || jogadores.loading) && <Loading label="Buscando" />}
      {busca !== null && rows.length > 0 && (
        <ScrollList
          name={`busca:${busca}`}
          rows={rows}
          height={bodyRows - 2}
          width={columns}
          isActive={!typing}
          onSelect={(row) => {
            const target = targets.get(row.key);
            if (target) navigate(route(target));
          }}
        />
      )}
    </Box>
  );
}
