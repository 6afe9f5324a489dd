/**
 * Sizes of the built web app (packages/web/dist, built by `npm run build`): the JavaScript the
 * login page loads, the first workbench load (login page + signed-in shell + the workbench's menu,
 * shell/area-views.tsx + workbench home), all JavaScript and all CSS — raw, gzip and brotli (the
 * precompressed files the server sends). The sets follow the static imports of Vite's manifest;
 * the browser test e2e/tests/asset-budget.test.ts measures the same from a real Chromium load and
 * fails past the budgets.
 *
 *   npx tsx bench/assets.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

const keyOf = (pattern: RegExp) => {
  const key = Object.keys(manifest).find((k) => pattern.test(k));
  if (!key) throw new Error(`no chunk matches ${pattern}`);
  return key;
};
/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}
const jsFiles = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file);

const entry = keyOf(/^index\.html$/);
const login = closure([entry, keyOf(/shell\/login\/LoginPage\.tsx$/)]);
const workbench = closure([
  ...login,
  keyOf(/shell\/layout\/AppShell\.tsx$/),
  keyOf(/workbench\/routes\.tsx$/),
  keyOf(/workbench\/home\/HomePage\.tsx$/),
]);

const all = fs.readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
const size = (file: string) => (fs.existsSync(path.join(dist, file)) ? fs.statSync(path.join(dist, file)).size : 0);
/** The bytes sent for a file in an encoding: the precompressed form when it exists, else the file. */
const sent = (file: string, ext: '.gz' | '.br') => size(file + ext) || size(file);

const row = (name: string, files: string[]) => {
  const kb = (n: number) => (n / 1000).toFixed(1);
  const sum = (fn: (f: string) => number) => files.reduce((s, f) => s + fn(f), 0);
  return `| ${name} | ${files.length} | ${kb(sum(size))} | ${kb(sum((f) => sent(f, '.gz')))} | ${kb(sum((f) => sent(f, '.br')))} |`;
};

console.log(
  [
    '',
    '| web assets (kB = 1000 bytes) | files | raw kB | gzip kB | brotli kB |',
    '|---|---:|---:|---:|---:|',
    row('login page JavaScript (budget 150 kB compressed)', jsFiles(login)),
    row('first workbench load JavaScript (budget 350 kB compressed)', jsFiles(workbench)),
    row(
      'all JavaScript',
      all.filter((f) => f.endsWith('.js')),
    ),
    row(
      'all CSS',
      all.filter((f) => f.endsWith('.css')),
    ),
    '',
  ].join('\n'),
);
