// Restore package-lock.json entries for @biomejs/biome's platform packages (macOS, Windows, Android, musl).
// The registry mirror our machines use does not serve them, so `npm install` here drops them from the
// lock, and `npm ci` then refuses the lock as out of sync ("Missing: @biomejs/cli-darwin-arm64@ from
// lock file"). Idempotent; run `node scripts/fix-lock-platforms.cjs` after regenerating the lock.
const fs = require('node:fs');
const file = process.argv[2] || 'package-lock.json';
const l = JSON.parse(fs.readFileSync(file));
const biome = l.packages['node_modules/@biomejs/biome'];
const plat = {
  'cli-android-arm64': [['android'], ['arm64'], null],
  'cli-android-x64': [['android'], ['x64'], null],
  'cli-darwin-arm64': [['darwin'], ['arm64'], null],
  'cli-darwin-x64': [['darwin'], ['x64'], null],
  'cli-linux-arm64': [['linux'], ['arm64'], ['glibc']],
  'cli-linux-arm64-musl': [['linux'], ['arm64'], ['musl']],
  'cli-linux-x64': [['linux'], ['x64'], ['glibc']],
  'cli-linux-x64-musl': [['linux'], ['x64'], ['musl']],
  'cli-win32-arm64': [['win32'], ['arm64'], null],
  'cli-win32-x64': [['win32'], ['x64'], null],
};
let added = 0;
for (const [name, [os, cpu, libc]] of Object.entries(plat)) {
  const key = `node_modules/@biomejs/${name}`;
  if (l.packages[key]) continue;
  const e = { version: biome.version, cpu, dev: true };
  if (libc) e.libc = libc;
  Object.assign(e, { license: 'MIT OR Apache-2.0', optional: true, os, engines: { node: '>=14.21.3' } });
  l.packages[key] = e;
  added++;
}
const sorted = Object.fromEntries(
  Object.entries(l.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
l.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(l, null, 2)}\n`);
console.log(`added ${added} entries`);
