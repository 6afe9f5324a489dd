import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ModuleCode } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { moduleLevelEffects, moduleLevelRegistries } from './core/module-effects.ts';
import { probeKind, probeServerKind } from './crm/records/probe-kind.ts';
import { registerRecordKind } from './crm/records/routes.ts';
import { allFeatures } from './features.ts';
import { localDiskStorage } from './files/storage.ts';
import { repoRoot } from './paths.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * Features register into their app's own registry (issue 27): an app built with a subset holds
 * only that subset's calls and declarations, two apps in one process never collide, and no module
 * registers anything by being imported.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const input = () => ({
  db: t.database.db,
  config: t.config,
  storage: localDiskStorage(t.config.dataDir),
  bus: t.database.bus,
});
const urls = (app: Awaited<ReturnType<typeof buildApp>>) => new Set(app.routeTable.map((r) => r.url));

describe('the feature list', () => {
  it('names each feature once', () => {
    const names = allFeatures.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('builds an app of a subset: only its calls and its own declarations', async () => {
    const task = allFeatures.filter((f) => f.name === 'task');
    const app = await buildApp(input(), { features: task });
    try {
      const routes = urls(app);
      expect(routes.has('/OaTask/queryTaskList')).toBe(true);
      expect(routes.has('/OaExamine/setOaExamine')).toBe(false);
      expect(routes.has('/CrmCustomer/queryPageList')).toBe(false);
      // The platform is always there: the badges answer, counting what this app's features declared.
      expect(routes.has('/OaBackLog/num')).toBe(true);
      // The task feature's counter is in this app's registry (a second one is refused) …
      expect(() => app.registry.backlog.register('taskNum', async () => 0)).toThrow('taskNum registered twice');
      // … and the approvals' is not: that feature was not registered.
      expect(() => app.registry.backlog.register('examineNum', async () => 0)).not.toThrow();
      expect(() => app.registry.fileOwners.register('oa_examine', { canSee: async () => false })).not.toThrow();
      expect(() => app.registry.fileOwners.register('oa_task', { canSee: async () => false })).toThrow(
        'oa_task registered twice',
      );
      // No record kind: each is registered by its own feature; so are the approval subjects.
      expect(app.registry.kinds.all()).toEqual([]);
      for (const subject of ['contract', 'receivable', 'clinic_discount', 'clinic_refund'])
        expect(app.registry.subjects.of(subject), subject).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('gives every app its own registry, so a second full app in the process registers without a clash', async () => {
    const other = await t.sibling();
    try {
      expect(other.app.registry).not.toBe(t.app.registry);
      expect(urls(other.app)).toEqual(urls(t.app));
      // Each app holds its own approval subjects, registered by the features (a second is refused).
      for (const subject of ['contract', 'receivable', 'clinic_discount', 'clinic_refund']) {
        expect(other.app.registry.subjects.of(subject), subject).toBeDefined();
        expect(other.app.registry.subjects.of(subject)).not.toBe(t.app.registry.subjects.of(subject));
      }
      expect(() =>
        other.app.registry.subjects.register('clinic_refund', other.app.registry.subjects.of('clinic_refund')!),
      ).toThrow('clinic_refund registered twice');
      const token = await t.login('admin');
      const here = await t.post('/OaBackLog/num', {}, token);
      const there = (
        await other.app.inject({ method: 'POST', url: '/OaBackLog/num', headers: { 'admin-token': token } })
      ).json();
      expect(here.code).toBe(0);
      expect(there).toEqual({ code: here.code, msg: here.msg, data: here.data });
    } finally {
      await other.close();
    }
  });

  it('keeps a record kind in the app that registered it: code keyed by module code finds it there only', async () => {
    const other = await t.sibling((app) =>
      registerRecordKind(app, { ...input(), registry: app.registry }, probeServerKind),
    );
    try {
      expect(other.app.registry.kinds.of(probeKind.label)).toBe(probeServerKind);
      expect(t.app.registry.kinds.of(probeKind.label)).toBeUndefined();
      // Both have the kinds their features registered.
      for (const app of [t.app, other.app])
        expect(app.registry.kinds.of(ModuleCode.customer)?.kind.key).toBe('customer');
    } finally {
      await other.close();
    }
  });

  it('refuses a feature listed twice', async () => {
    const task = allFeatures.find((f) => f.name === 'task')!;
    await expect(buildApp(input(), { features: [task, task] })).rejects.toThrow('feature task listed twice');
  });
});

describe('registration by import', () => {
  /** `import './x.ts';`: a module loaded for what it does on load, the old way of registering. */
  const sideEffectImport = /^import\s+['"][^'"]+['"];?/m;
  const walk = (dir: string, out: string[] = []) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, out);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
    }
    return out;
  };

  it('is gone from the server: no module is imported only for its effects', () => {
    const src = import.meta.dirname;
    const offenders = walk(src)
      .filter((f) => sideEffectImport.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });

  it('finds a registration or any other statement that runs when a module loads', () => {
    const text = [
      "import { onSubjectChange } from './actions.ts';",
      'export type A = number;',
      'const hooks = new Map<string, () => void>();',
      'export const sources = { leave: { read: () => registerLater() } };',
      'export function registerAll(registry: R) { registry.add(1); }',
      "onSubjectChange('clinic_refund', decide);",
      'for (const t of types) hooks.set(t, read);',
      'export const facts = registerExamineFormFacts();',
      'hooks.clear();',
    ].join('\n');
    expect(moduleLevelEffects('x.ts', text)).toEqual([
      "6: onSubjectChange('clinic_refund', decide);",
      '7: for (const t of types) hooks.set(t, read);',
      '8: registerExamineFormFacts()',
      '9: hooks.clear();',
    ]);
  });

  it('finds a registering function that keeps what it registers in its module', () => {
    const text = [
      'const hooks = new Map<string, Hook>();',
      'let registered = false;',
      'const cache = new Map<number, string>();',
      'export function onSubjectChange(type: string, hook: Hook) { hooks.set(type, hook); }',
      'export function registerFacts() { if (registered) return; registered = true; }',
      'export const registerLater = (hook: Hook) => { hooks.push(hook); };',
      'export function registerCounters(registry: R) { registry.backlog.register(1); const hooks = []; hooks.push(1); }',
      'export function nameOf(id: number) { cache.set(id, String(id)); }',
    ].join('\n');
    expect(moduleLevelRegistries('x.ts', text)).toEqual([
      '4: onSubjectChange writes hooks',
      '5: registerFacts writes registered',
      '6: registerLater writes hooks',
    ]);
  });

  it('keeps no registry in a module: registering functions write into the registry they are given', () => {
    const files = ['server', 'shared'].flatMap((p) => walk(path.join(repoRoot, 'packages', p, 'src')));
    expect(files.length).toBeGreaterThan(500);
    const offenders = files
      .map((f) => path.relative(repoRoot, f))
      .flatMap((f) => moduleLevelRegistries(f, readFileSync(path.join(repoRoot, f), 'utf8')).map((e) => `${f}:${e}`));
    expect(offenders).toEqual([]);
  });

  /** Entry points run by node, not imported: what they do on load is their job. */
  const entryPoints = new Set(['packages/server/src/main.ts']);

  it('is gone from the server and the shared package: loading a module registers nothing', () => {
    const files = ['server', 'shared'].flatMap((p) => walk(path.join(repoRoot, 'packages', p, 'src')));
    // The walk saw both packages (a wrong root would pass with no files).
    expect(files.length).toBeGreaterThan(500);
    const offenders = files
      .map((f) => path.relative(repoRoot, f))
      .filter((f) => !entryPoints.has(f) && !f.endsWith('.d.ts'))
      .flatMap((f) => moduleLevelEffects(f, readFileSync(path.join(repoRoot, f), 'utf8')).map((e) => `${f}:${e}`));
    expect(offenders).toEqual([]);
  });
});
