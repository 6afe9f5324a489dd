import { inputContracts } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contracts = inputContracts as Record<string, z.ZodType>;

/**
 * Issue 27: what a call accepts is the shared schema of its path (packages/shared/src/contracts/
 * inputs), the one the web's `call` and the test helpers are typed from. The route must parse with
 * that very object, not a copy: a copy may drift from what the web is typed against.
 */
describe('input contracts', () => {
  it('every route that reads input parses it with the shared schema of its path (aliases: of the path they name)', () => {
    const wrong: string[] = [];
    for (const route of t.app.routeTable) {
      if (!route.input) continue;
      if (route.input !== contracts[route.aliasOf ?? route.url]) wrong.push(`${route.method} ${route.url}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists no input contract without a route that parses it', () => {
    const parsed = new Map<string, z.ZodType[]>();
    for (const route of t.app.routeTable) {
      if (!route.input || route.aliasOf) continue;
      parsed.set(route.url, [...(parsed.get(route.url) ?? []), route.input]);
    }
    const orphans = Object.entries(contracts)
      .filter(([url, schema]) => !parsed.get(url)?.includes(schema))
      .map(([url]) => url);
    expect(orphans).toEqual([]);
  });
});
