import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { routePath } from './access';
import { AreaPage, loadAreaViews } from './area-views';
import { areas } from './areas';

class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

describe("the areas' views, loaded when an area opens", () => {
  it('name every page the area declares, and no other', { timeout: 30_000 }, async () => {
    for (const area of areas) {
      const views = await loadAreaViews(area.key);
      const declared = area.routes.map((r) => r.path).sort();
      expect([area.key, Object.keys(views.pages).sort()]).toEqual([area.key, declared]);
      for (const [path, view] of Object.entries(views.pages))
        expect([area.key, path, !!view.title.zh && !!view.title.en]).toEqual([area.key, path, true]);
    }
  });

  it('offer quick-add entries that open a page of their own area', { timeout: 30_000 }, async () => {
    let entries = 0;
    for (const area of areas) {
      const pages = area.routes.map((r) => routePath(area, r));
      for (const q of (await loadAreaViews(area.key)).quickAdd ?? []) {
        entries++;
        expect(pages, q.to).toContain(new URL(q.to, 'http://app.local').pathname);
      }
    }
    expect(entries).toBeGreaterThan(0);
  });

  it('render a page the area declares without a view as a clear error', async () => {
    render(
      <Caught>
        <Suspense fallback="loading">
          <AreaPage area="bi" path="no-such-page" />
        </Suspense>
      </Caught>,
    );
    expect(await screen.findByText('The area bi declares the page no-such-page but has no view for it')).toBeTruthy();
  });
});
