/**
 * What every screen needs from the app: the API client, navigation, the refresh generation (`r`), the
 * terminal size, and a per-visit memory so going back restores the cursor and the data without a refetch.
 */
import { createContext, useContext, useState } from 'react';
import type { ApiClient } from './api-client.js';
import type { Route } from './routes.js';

export interface TuiContextValue {
  client: ApiClient;
  /** Bumped by `r`: every resource on screen reloads. */
  refreshGeneration: number;
  navigate(route: Route): void;
  back(): void;
  /** While a text field has focus, single-letter shortcuts (q, j, k, /…) are typed, not obeyed. */
  setTyping(typing: boolean): void;
  columns: number;
  /** Rows available to a screen's body (header and footer excluded). */
  bodyRows: number;
  /** The route on top of the stack; its memo survives while it stays on the stack. */
  route: Route;
  liveRefreshMs: number;
}

export const TuiContext = createContext<TuiContextValue | null>(null);

export function useTui(): TuiContextValue {
  const value = useContext(TuiContext);
  if (!value) throw new Error('useTui outside <TuiContext.Provider>');
  return value;
}

/** Like useState, but kept on the current route, so coming back to a screen restores it. */
export function useRouteState<T>(name: string, initial: T): [T, (value: T) => void] {
  const { route } = useTui();
  const [value, setValue] = useState<T>(() => (route.memo.has(name) ? (route.memo.get(name) as T) : initial));
  return [
    value,
    (next: T) => {
      route.memo.set(name, next);
      setValue(next);
    },
  ];
}
