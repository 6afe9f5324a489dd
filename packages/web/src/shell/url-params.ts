import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Set (a string) or drop (null) some search parameters of the address, keeping the others. */
export type SetUrlParams = (values: Record<string, string | null>, replace?: boolean) => void;

/**
 * The page's search parameters and one way to change some of them: what a link or a reload should
 * reopen (a tab, a filter, the open record) lives in the address. `replace` (the default) changes the
 * current history entry; `false` adds one, so the browser's back button closes what was opened.
 */
export function useUrlParams(): [URLSearchParams, SetUrlParams] {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback<SetUrlParams>(
    (values, replace = true) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [k, v] of Object.entries(values)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, setParam];
}

/** A parameter that takes one of a few values (a tab): the fallback when it is absent or unknown. */
export function paramOneOf<T extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = params.get(name);
  return choices.includes(value as T) ? (value as T) : fallback;
}
