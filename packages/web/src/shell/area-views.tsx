import { use, useEffect, useSyncExternalStore } from 'react';
import { importWithRetry } from './lazy';
import type { AppArea, AreaViews } from './route-types';

type AreaKey = AppArea['key'];

/**
 * Each area's views (its `routes.tsx`: menu titles, icons, page components, quick-add) are one
 * chunk, fetched when the user first opens the area, so the first load carries no area's menu.
 * The pages stay their own chunks: opening a new area costs one round trip more (this chunk).
 */
const loaders: Record<AreaKey, () => Promise<AreaViews>> = {
  workbench: () => import('@/workbench/routes').then((m) => m.workbenchViews),
  crm: () => import('@/crm/routes').then((m) => m.crmViews),
  workflow: () => import('@/workflow/routes').then((m) => m.workflowViews),
  project: () => import('@/project/routes').then((m) => m.projectViews),
  // Statistics (/bi, issue 24).
  bi: () => import('@/bi/routes').then((m) => m.biViews),
  manager: () => import('@/manager/routes').then((m) => m.managerViews),
};

const loaded = new Map<AreaKey, AreaViews>();
const pending = new Map<AreaKey, Promise<AreaViews>>();
const listeners = new Set<() => void>();

/** The area's views, fetched once; a failed fetch (after lazy.ts's retry) is tried again next time. */
export function loadAreaViews(key: AreaKey): Promise<AreaViews> {
  let promise = pending.get(key);
  if (!promise) {
    promise = importWithRetry(loaders[key]).then((views) => {
      loaded.set(key, views);
      for (const notify of listeners) notify();
      return views;
    });
    const settled = promise;
    // Marked as React marks a promise it has read, so `use` in AreaPage reads loaded views at once.
    settled.then(
      (value) => Object.assign(settled, { status: 'fulfilled', value }),
      () => pending.delete(key),
    );
    pending.set(key, promise);
  }
  return promise;
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** The area's views once they have arrived, undefined until then (the side menu fills when they do). */
export function useAreaViews(key: AreaKey | undefined): AreaViews | undefined {
  const views = useSyncExternalStore(subscribe, () => (key ? loaded.get(key) : undefined));
  useEffect(() => {
    // A failure shows on the page itself (its lazy component rejects); the menu stays empty.
    if (key) loadAreaViews(key).catch(() => {});
  }, [key]);
  return views;
}

/**
 * The router's element for a page of an area: suspends until the area's views have arrived, then
 * renders the page's own lazy component. One component for every page, so moving between pages
 * that share a component (the statistics pages) keeps it mounted, as a plain route table did.
 */
export function AreaPage({ area, path }: { area: AreaKey; path: string }) {
  const views = use(loadAreaViews(area));
  const view = views.pages[path];
  if (!view) throw new Error(`The area ${area} declares the page ${path} but has no view for it`);
  const Page = view.component;
  return <Page />;
}
