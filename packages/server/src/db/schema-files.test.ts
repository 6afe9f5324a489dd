import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir } from '../paths.ts';
import { schemaFiles } from './schema-files.ts';

/** A file drizzle-kit reads: the patterns of schema-files.ts, which are all of this simple form. */
const inSchema = (rel: string) =>
  rel === 'src/db/schema.ts' || path.basename(rel) === 'tables.ts' || path.basename(rel).endsWith('-tables.ts');

function sources(dir: string, out: string[] = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sources(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

describe('the Drizzle schema files', () => {
  it('are the patterns drizzle-kit is given', () => {
    expect(schemaFiles).toEqual(['./src/db/schema.ts', './src/**/tables.ts', './src/**/*-tables.ts']);
  });

  it('hold every table the server declares, so db:generate misses none', () => {
    const declaring = sources(path.join(serverDir, 'src'))
      .filter((f) => /^\s*(export\s+)?const\s+\w+\s*=\s*pgTable\(/m.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(serverDir, f));
    expect(declaring.length).toBeGreaterThan(30);
    expect(declaring.filter((f) => !inSchema(f))).toEqual([]);
  });
});
