import { useSyncExternalStore } from 'react';

/**
 * A CSS media query as a store React can follow: asked afresh on each read (tests replace
 * `window.matchMedia`), and answering false where there is none (jsdom without the polyfill).
 */
export function mediaQuery(query: string) {
  const media = (): MediaQueryList | null =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
  return {
    matches: (): boolean => media()?.matches === true,
    subscribe: (onChange: () => void) => {
      const list = media();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
  };
}

/** Re-renders only when the query's answer changes; false on the server. */
export function useMediaQuery(store: ReturnType<typeof mediaQuery>): boolean {
  return useSyncExternalStore(store.subscribe, store.matches, () => false);
}
