import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';

/** Does Node `version` satisfy an `engines.node` range? The forms npm packages use: ||, >=, >, ^, x, *. */
function satisfies(version: string, range: string): boolean {
  const v = version.split('.').map(Number);
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const parts = (s: string) =>
    s
      .replace(/^v/, '')
      .split('.')
      .filter((p) => p !== 'x' && p !== '*')
      .map(Number);
  const one = (c: string): boolean => {
    const m = /^(>=|>|<=|<|\^|~|=)?\s*v?([\d.x*]+)$/.exec(c.trim());
    if (!m) throw new Error(`engine range not understood: ${c}`);
    const [, op = '', raw = ''] = m;
    const p = parts(raw);
    if (op === '>=') return cmp(v, p) >= 0;
    if (op === '>') return cmp(v, p) > 0;
    if (op === '<') return cmp(v, p) < 0;
    if (op === '<=') return cmp(v, p) <= 0;
    if (op === '^') return v[0] === p[0] && cmp(v, p) >= 0;
    if (op === '~') return v[0] === p[0] && v[1] === (p[1] ?? v[1]) && cmp(v, p) >= 0;
    // A bare version matches its given parts (20 = 20.x.x).
    return p.every((n, i) => v[i] === n);
  };
  return range.split('||').some((alt) => {
    const cs = alt
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return cs.length === 0 || cs.every(one);
  });
}

describe('Node version', () => {
  const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));

  it('reads the ranges packages declare', () => {
    expect(satisfies('20.19.0', '>=20.19')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.19.0', '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true);
    expect(satisfies('20.18.9', '>=20.19')).toBe(false);
  });

  // `npm ci` prints an EBADENGINE warning for every installed package whose engines exclude the
  // running Node: none may exclude the oldest Node the README promises.
  it('installs no package that needs a newer Node than the one declared (npm ci prints no EBADENGINE)', () => {
    const declared = /^>=\s*([\d.]+)$/.exec(root.engines.node)?.[1];
    expect(declared).toBe('20.19');
    const oldest = `${declared}.0`;
    const refusing = Object.entries(
      lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>,
    )
      .filter(([name, p]) => name && p.engines?.node && !satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name} needs node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
