// Compile the server for production: one ES module, dist/main.js, with @crm/shared bundled in
// (its package exports TypeScript source) and every other dependency loaded from node_modules.
// `npm run dev` and the tests keep running the TypeScript source through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const dir = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@crm/shared');

const started = Date.now();
fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: dir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`server built: dist/main.js in ${Date.now() - started} ms`);
