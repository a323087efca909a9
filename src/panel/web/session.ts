import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { api, ApiFailure } from './api.js';

/** What every screen needs from the signed-in session. */
export const SessionContext = createContext<{ signOut(reason?: string): void }>({ signOut() {} });

const REJECTED = 'A chave deixou de ser aceita (inválida ou inativa). Entre novamente.';

/** `api` for screens: a 401 anywhere ends the session with a message on the sign-in screen. */
export function useApi(): <T>(method: string, path: string, body?: unknown) => Promise<T> {
  const { signOut } = useContext(SessionContext);
  return useCallback(
    async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      try {
        return await api<T>(method, path, body);
      } catch (err) {
        if (err instanceof ApiFailure && err.status === 401) signOut(REJECTED);
        throw err;
      }
    },
    [signOut],
  );
}

/** The API's own words for an error (`erro: mensagem`). */
export function errorText(err: unknown): string {
  return err instanceof ApiFailure ? `${err.erro}: ${err.message}` : 'Erro inesperado no painel.';
}

/** Loads a screen's data on mount and on `reload()`; keeps the last data while reloading. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
): { data: T | null; error: string | null; reload(): void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on; tick is the reload trigger
  useEffect(() => {
    let live = true;
    load().then(
      (d) => live && (setData(d), setError(null)),
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { data, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}
