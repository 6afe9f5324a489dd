import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The mobile and email patterns live once, in packages/shared/src/fields/patterns.ts. */
describe('mobile and email patterns', () => {
  it('are written nowhere else in shared, server or web sources', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const hits: string[] = [];
    for (const pkg of ['shared', 'server', 'web']) {
      const src = path.join(root, pkg, 'src');
      for (const rel of fs.readdirSync(src, { recursive: true }) as string[]) {
        if (!/\.tsx?$/.test(rel) || /\.test\.tsx?$/.test(rel) || rel.endsWith('fields/patterns.ts')) continue;
        const text = fs.readFileSync(path.join(src, rel), 'utf8');
        // A regex literal spelling a phone number's digit run or an at-sign address.
        if (/\/\^?[^\n/]*(\\d\{(6|10|11)|@\])[^\n]*\//.test(text)) hits.push(`${pkg}/src/${rel}`);
      }
    }
    expect(hits).toEqual([]);
  });
});
