/**
 * Loads one API resource for a screen: spinner state, inline error text, and the previous data kept on
 * screen while a refresh runs (no flicker on the live screen). Results are kept on the route, so a screen
 * revisited with Esc shows them at once; `r` (a new refresh generation) reloads.
 */
import { systemClock } from '../clock.js';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from './api-client.js';
import { useTui } from './context.js';

export interface Resource<T> {
  data: T | undefined;
  error: string | undefined;
  /** HTTP status of a failed request (404 often means "not published yet", not a fault). */
  errorStatus: number | null;
  loading: boolean;
  /** When the shown data arrived (epoch ms). */
  loadedAt: number | undefined;
}

interface Stored<T> {
  generation: string;
  data: T;
  loadedAt: number;
}

/**
 * @param key identifies what is loaded (null: nothing to load yet)
 * @param tick an extra generation for screens that reload on their own (the live screen's timer)
 */
export function useResource<T>(key: string | null, load: () => Promise<T>, tick = 0): Resource<T> {
  const { route, refreshGeneration } = useTui();
  const memoKey = `resource:${key}`;
  const generation = `${refreshGeneration}/${tick}`;
  const stored = key === null ? undefined : (route.memo.get(memoKey) as Stored<T> | undefined);
  const fresh = stored?.generation === generation;
  const [state, setState] = useState<Resource<T>>({
    data: stored?.data,
    error: undefined,
    errorStatus: null,
    loading: key !== null && !fresh,
    loadedAt: stored?.loadedAt,
  });

  const shownKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure every render and `memoKey` derives from `key`; `key` names what they load, so it stands for them.
  useEffect(() => {
    if (key === null) return;
    const sameKey = shownKey.current === key;
    shownKey.current = key;
    const current = route.memo.get(memoKey) as Stored<T> | undefined;
    if (current?.generation === generation) {
      setState({ data: current.data, error: undefined, errorStatus: null, loading: false, loadedAt: current.loadedAt });
      return;
    }
    let cancelled = false;
    setState((s) => ({
      ...s,
      data: current?.data ?? (sameKey ? s.data : undefined),
      error: undefined,
      errorStatus: null,
      loading: true,
    }));
    load().then(
      (data) => {
        if (cancelled) return;
        const loadedAt = systemClock.now();
        route.memo.set(memoKey, { generation, data, loadedAt } satisfies Stored<T>);
        setState({ data, error: undefined, errorStatus: null, loading: false, loadedAt });
      },
      (err: unknown) => {
        if (cancelled) return;
        const error = err instanceof Error ? err.message : String(err);
        const errorStatus = err instanceof ApiRequestError ? err.status : null;
        setState((s) => ({ ...s, error, errorStatus, loading: false }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, generation, route]);

  return state;
}

/** Puts data already fetched (the CLI's connection check) on a route, so its first frame needs no request. */
export function seedResource<T>(memo: Map<string, unknown>, key: string, data: T): void {
  memo.set(`resource:${key}`, { generation: '0/0', data, loadedAt: systemClock.now() } satisfies Stored<T>);
}
