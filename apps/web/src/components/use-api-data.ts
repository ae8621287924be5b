import { useEffect, useState } from 'react';

export type ApiData<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * Loads data for a screen. `load` must be a stable function (module level). With `refreshMs` it
 * reloads on that interval; a failed reload keeps the last good data on screen.
 */
export function useApiData<T>(load: () => Promise<T>, refreshMs?: number): ApiData<T> {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const run = () =>
      load().then(
        (data) => !cancelled && setState({ status: 'ready', data }),
        (error: unknown) => !cancelled && setState((prev) => (prev.status === 'ready' ? prev : { status: 'error', error })),
      );
    void run();
    const timer = refreshMs ? setInterval(() => void run(), refreshMs) : undefined;
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
    };
  }, [load, refreshMs]);

  return state;
}
