import fs from 'node:fs';
import path from 'node:path';
import { isPermissionPath } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { areas, personRoutes } from './areas';
import { topRoutes } from './top-routes';

/**
 * Every access key the web checks must name a node of the permission tree: a misspelt key hides
 * its page or button from everyone, and nothing else would notice.
 */
describe('web access keys', () => {
  it('of every area and page are paths of the permission tree', () => {
    const keys = areas.flatMap((area) => [
      [area.path, area.access],
      ...area.routes.filter((r) => r.access !== undefined).map((r) => [`${area.path}/${r.path}`, r.access]),
    ]);
    // Top-level pages (spec 2.2) each name theirs.
    keys.push(...topRoutes.map((r) => [r.path, r.access]));
    expect(keys.length).toBeGreaterThan(areas.length);
    for (const [page, key] of keys) expect([page, key, isPermissionPath(key!)]).toEqual([page, key, true]);
    // Personal pages are open to every signed-in user: they name no key.
    expect(personRoutes.map((r) => r.access)).toEqual(personRoutes.map(() => undefined));
  });

  it('written in the sources (can(…), authHas(…, …)) are paths of the permission tree', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const found: [string, string][] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      for (const m of text.matchAll(/\b(?:can|authHas)\((?:[\w.]+,\s*)?'([^']+)'\)/g)) found.push([file, m[1]!]);
    }
    expect(found.length).toBeGreaterThan(5);
    for (const [file, key] of found) expect([file, key, isPermissionPath(key)]).toEqual([file, key, true]);
  });
});
