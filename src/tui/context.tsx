/**
 * What every screen needs from the app: the API client, navigation, the refresh generation (`r`), the
 * terminal size, and a per-visit memory so going back restores the cursor and the data without a refetch.
 */
import { createContext, useCallback, useContext, useState } from 'react';
import type { ApiClient } from './api-client.js';
import type { KeyRegistry } from './keys.js';
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
  /** Where screens register their key handlers (see keys.ts). */
  keys: KeyRegistry;
}

export const TuiContext = createContext<TuiContextValue | null>(null);

export function useTui(): TuiContextValue {
  const value = useContext(TuiContext);
  if (!value) throw new Error('useTui outside <TuiContext.Provider>');
  return value;
}

/**
 * Like useState, but kept on the current route, so coming back to a screen restores it. Accepts an updater
 * function, so two keys read before a re-render both count.
 */
export function useRouteState<T>(name: string, initial: T): [T, (next: T | ((previous: T) => T)) => void] {
  const { route } = useTui();
  const [value, setValue] = useState<T>(() => (route.memo.has(name) ? (route.memo.get(name) as T) : initial));
  const set = useCallback(
    (next: T | ((previous: T) => T)) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        route.memo.set(name, value);
        return value;
      }),
    [route, name],
  );
  return [value, set];
}
