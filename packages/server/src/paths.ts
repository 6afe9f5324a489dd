import path from 'node:path';

// This module sits directly in src/, and the production bundle is dist/main.js: in both cases
// one level below the package, so the same relative paths work from source (tsx) and compiled.
/** packages/server */
export const serverDir = path.resolve(import.meta.dirname, '..');
/** The repository root (default data folder and web bundle). */
export const repoRoot = path.resolve(serverDir, '../..');
