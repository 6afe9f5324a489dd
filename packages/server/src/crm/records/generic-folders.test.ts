import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ModuleCode, recordKinds } from '@crm/shared';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: the record machinery is generic, so no generic module names a concrete kind — its
 * descriptor (`customerKind`), its call prefix (`'CrmCustomer`), its module code
 * (`ModuleCode.customer`) or its key as a string (`'customer'`). What a kind needs of the machinery
 * is a property of its declaration (link, review, transfer carry). A hit below is allowed only with
 * its reason written here.
 */
const root = join(import.meta.dirname, '../../../../..');
const genericFolders = [
  'packages/server/src/crm/records',
  'packages/server/src/crm/fields',
  'packages/web/src/crm/list',
  'packages/web/src/crm/detail',
  'packages/web/src/crm/form',
  'packages/web/src/crm/records',
];
const genericSharedFiles = ['kind.ts', 'schemas.ts', 'derive.ts', 'excel.ts', 'scene-ids.ts'].map(
  (f) => `packages/shared/src/records/${f}`,
);

/** `<file>: <the line's text>` → why it may name a kind. */
const allowed: Record<string, string> = {
  "packages/server/src/crm/records/excel/columns.ts: const notExported = new Set<string>(['file', 'product', 'examine_cause', 'business_cause']);":
    'form types, not kinds: product lines and approval widgets have no cell',
  'packages/server/src/crm/records/original-routes.ts: const sk = kinds.of(label === ModuleCode.pool ? ModuleCode.customer : label);':
    "the original client's pool (module 9) is a view of customers, as in the original",
  "packages/shared/src/records/excel.ts: export const nameTypedFormTypes: readonly FormType[] = ['customer', 'contract', 'receivables_plan'];":
    'form types, not kinds: the relation widgets an import reads by name',
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    // Tests and their support (the probe kind is a kind of its own) are not generic modules.
    const testOnly = /\.test\.tsx?$/.test(name) || name === 'probe-kind.ts' || name === 'test-support.ts';
    return /\.(ts|tsx)$/.test(name) && !testOnly ? [path] : [];
  });

/** The ways code names a kind: descriptor, call prefix, module code, quoted key. */
function kindPattern(): RegExp {
  const keys = recordKinds.map((k) => k.key);
  const pascal = keys.map((k) => k[0]!.toUpperCase() + k.slice(1));
  const codes = Object.keys(ModuleCode).filter((c) => c !== 'pool' && c !== 'examine');
  return new RegExp(
    [
      `\\b(${keys.join('|')})Kind\\b`,
      `(^|[^A-Za-z])Crm(${pascal.join('|')})\\b`,
      `ModuleCode\\.(${codes.join('|')})\\b`,
      `['"\`](${keys.join('|')})['"\`]`,
    ].join('|'),
  );
}

/** The lines of generic files that name a kind and are not allowed. */
function namingLines(files: string[]): string[] {
  const pattern = kindPattern();
  return files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line))
      .map((line) => `${file}: ${line.trim()}`)
      .filter((hit) => !(hit in allowed)),
  );
}

describe('generic record folders name no concrete kind', () => {
  const files = [...genericFolders.flatMap(sourceFiles), ...genericSharedFiles];

  it('walks real folders', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.map((f) => relative('packages', f))).toContain('server/src/crm/records/list.ts');
  });

  it('finds no kind named outside the allow-list', () => {
    expect(namingLines(files)).toEqual([]);
  });

  it('every allowed line still exists (a stale exemption is removed)', () => {
    const all = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((line) => `${file}: ${line.trim()}`),
    );
    for (const hit of Object.keys(allowed)) expect(all).toContain(hit);
  });

  it('catches each way of naming a kind', () => {
    const pattern = kindPattern();
    for (const line of [
      'if (key === contractKind.key) return 1;',
      "call('/CrmCustomer/queryPageList')",
      'label: ModuleCode.contacts,',
      "subjectType = 'receivables';",
    ])
      expect(pattern.test(line)).toBe(true);
    expect(pattern.test("formType: 'text', label: sk.kind.label")).toBe(false);
  });
});
