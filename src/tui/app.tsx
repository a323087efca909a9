/**
 * The TUI: a stack of screens (Enter pushes, Esc/Backspace pops) under one header and a key-hint footer.
 * Global keys live here; each screen handles its own lists and tabs.
 */
import { Box, Text, useApp, useInput, useStdout, type Key } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient, ListResponse } from './api-client.js';
import type { Campeonato } from '../../clients/typescript/index.js';
import { TuiContext, type TuiContextValue } from './context.js';
import { cell } from './format.js';
import { HelpOverlay } from './components/help-overlay.js';
import { KeyRegistry, splitKeys } from './keys.js';
import { route, routeTitle, type Route } from './routes.js';
import { seedResource } from './use-resource.js';
import { ChampionshipScreen } from './screens/championship-screen.js';
import { CAMPEONATOS_KEY, ChampionshipsScreen } from './screens/championships-screen.js';
import { LiveScreen } from './screens/live-screen.js';
import { MatchScreen } from './screens/match-screen.js';
import { PlayerScreen } from './screens/player-screen.js';
import { SearchScreen } from './screens/search-screen.js';
import { TeamScreen } from './screens/team-screen.js';

export const LIVE_REFRESH_MS = 15_000;
const FALLBACK_SIZE = { columns: 80, rows: 24 };

export interface AppProps {
  client: ApiClient;
  /** The championship list already fetched by the connection check: the first frame needs no request. */
  initialCampeonatos?: ListResponse<Campeonato>;
  liveRefreshMs?: number;
}

export function App({ client, initialCampeonatos, liveRefreshMs = LIVE_REFRESH_MS }: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const [stack, setStack] = useState<Route[]>(() => {
    const root = route({ screen: 'campeonatos' });
    if (initialCampeonatos) seedResource(root.memo, CAMPEONATOS_KEY, initialCampeonatos);
    return [root];
  });
  const [refreshGeneration, setRefreshGeneration] = useState(0);
  const [help, setHelp] = useState(false);
  const [typing, setTyping] = useState(false);
  const top = stack[stack.length - 1] as Route;

  const navigate = useCallback((next: Route) => setStack((s) => [...s, next]), []);
  const back = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);

  const [keys] = useState(() => new KeyRegistry());
  /** The app's own keys; true when the key was used here and must not reach the screen. */
  const globalKeys = (input: string, key: Key): boolean => {
    if (help) {
      setHelp(false);
      return true;
    }
    if (typing) {
      if (key.escape) back();
      return key.escape;
    }
    if (input === 'q') exit();
    else if (input === '?') setHelp(true);
    else if (key.escape || key.backspace || key.delete) back();
    else if (input === 'r') setRefreshGeneration((g) => g + 1);
    else if (input === 'a' && top.screen !== 'ao-vivo') navigate(route({ screen: 'ao-vivo' }));
    else if (input === '/' && top.screen !== 'busca') navigate(route({ screen: 'busca' }));
    else return false;
    return true;
  };
  const globalRef = useRef(globalKeys);
  useLayoutEffect(() => {
    globalRef.current = globalKeys;
  });
  // One subscription for the app's whole life (see keys.ts).
  useInput(
    useCallback(
      (input: string, key: Key) => {
        for (const [one, oneKey] of splitKeys(input, key)) {
          if (!globalRef.current(one, oneKey)) keys.dispatch(one, oneKey);
        }
      },
      [keys],
    ),
  );

  // Header, footer and one spare line: Ink redraws the whole terminal when a frame is as tall as it.
  const bodyRows = Math.max(5, rows - 3);
  const context = useMemo<TuiContextValue>(
    () => ({
      client,
      refreshGeneration,
      navigate,
      back,
      setTyping,
      columns,
      bodyRows,
      route: top,
      liveRefreshMs,
      keys,
    }),
    [client, refreshGeneration, navigate, back, columns, bodyRows, top, liveRefreshMs, keys],
  );
  const trail = stack.map(routeTitle).join(' › ');
  const server = client.baseUrl.replace(/^https?:\/\//, '');
  const host = client.snapshot ? `snapshot ${client.snapshot} · ${server}` : server;

  return (
    <TuiContext.Provider value={context}>
      <Box flexDirection="column" width={columns}>
        <Text inverse wrap="truncate">
          {cell(` svc · ${trail}`, Math.max(0, columns - host.length - 1))}
          {` ${host}`}
        </Text>
        <Box flexDirection="column" height={bodyRows}>
          {help ? <HelpOverlay /> : <Screen key={`${stack.length}:${top.screen}`} route={top} />}
        </Box>
        <Text dimColor wrap="truncate">
          {typing
            ? 'Enter buscar · Esc voltar · Ctrl+C sair'
            : '↑↓ Enter abrir · Esc voltar · Tab abas · / busca · a ao vivo · ? ajuda · q sair'}
        </Text>
      </Box>
    </TuiContext.Provider>
  );
}

function Screen({ route: r }: { route: Route }) {
  switch (r.screen) {
    case 'campeonatos':
      return <ChampionshipsScreen />;
    case 'campeonato':
      return <ChampionshipScreen campeonato={r.campeonato} />;
    case 'partida':
      return <MatchScreen partida={r.partida} />;
    case 'ao-vivo':
      return <LiveScreen />;
    case 'busca':
      return <SearchScreen />;
    case 'time':
      return <TeamScreen time={r.time} />;
    case 'jogador':
      return <PlayerScreen jogador={r.jogador} />;
  }
}

function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || FALLBACK_SIZE.columns, rows: stdout.rows || FALLBACK_SIZE.rows });
  const [size, setSize] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` only closes over `stdout`.
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
