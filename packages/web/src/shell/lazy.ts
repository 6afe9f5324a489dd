import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { browser } from './request';

/**
 * Code-split pages. A chunk that fails to load (a deploy replaced it, the network blinked) is
 * fetched once more; if that fails too the page reloads once to pick up the new build (spec 2.1
 * "a failed chunk load retries the pending route"). A second failure within a minute is shown.
 */
const RELOAD_KEY = 'chunkReloadAt';
const RELOAD_WINDOW_MS = 60_000;

export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk|error loading dynamically imported/i.test(
    text,
  );
}

/** Reload the page unless we already did so very recently; answers whether it reloads. */
export function reloadOnce(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  browser.reload();
  return true;
}

export async function importWithRetry<T>(factory: () => Promise<T>): Promise<T> {
  try {
    return await factory();
  } catch {
    try {
      return await factory();
    } catch (err) {
      // Never settles: the page is going away.
      if (isChunkLoadError(err) && reloadOnce()) return new Promise<T>(() => {});
      throw err;
    }
  }
}

/** `React.lazy` with one retry and a reload: use it for every page of an area's route list. */
export function lazyPage(factory: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() => importWithRetry(factory));
}
