// `npm start` builds the web app and the server only when their sources changed since the last
// build (issue 26: a restart on existing data should answer in seconds, not rebuild). Each
// package's inputs are hashed by content (paths and bytes, so a fresh checkout with new mtimes
// does not rebuild); the hash is kept in node_modules/.cache (never in dist/, which is served)
// after a successful build. `npm run build` runs this with --force: it always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
const stamps = path.join(root, 'node_modules/.cache/crm-build');
fs.mkdirSync(stamps, { recursive: true });

/** What each build reads: folders walked recursively (tests left out) and single files. */
const targets = [
  {
    name: 'web',
    check: 'packages/web/dist/index.html',
    inputs: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/build',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/tsconfig.json',
      'packages/web/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
    ],
  },
  {
    name: 'server',
    check: 'packages/server/dist/main.js',
    inputs: [
      'packages/server/src',
      'packages/server/scripts',
      'packages/server/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
    ],
  },
];

const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'test' || name === 'test-setup.ts';

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => !isTest(e.name) && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => files(path.join(rel, e.name)));
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const rel of inputs.flatMap(files)) {
    hash.update(rel);
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

for (const t of targets) {
  const stamp = path.join(stamps, `${t.name}.source-hash`);
  const want = fingerprint(t.inputs);
  const have = fs.existsSync(stamp) && fs.existsSync(path.join(root, t.check)) ? fs.readFileSync(stamp, 'utf8') : '';
  if (!force && have === want) {
    console.log(`${t.name}: up to date (sources unchanged since the last build)`);
    continue;
  }
  const run = spawnSync('npm', ['run', 'build', '-w', `packages/${t.name}`], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.writeFileSync(stamp, want);
}
