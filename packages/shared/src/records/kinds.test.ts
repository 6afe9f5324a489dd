import { describe, expect, it } from 'vitest';
import { isPermissionKey, permissionTree } from '../auth/permissions.ts';
import { fieldDefinitionSchema } from '../fields/field-types.ts';
import {
  fixedDefinitions,
  linkableKinds,
  linkedKindOf,
  linkPrefixOf,
  recordKindByKey,
  recordKindByLabel,
  recordKinds,
  systemColumns,
} from './index.ts';
import { fromOriginalEntity } from './original.ts';

const crmRealm = permissionTree.find((n) => n.key === 'crm');
const actionsOf = (key: string) => crmRealm?.children?.find((n) => n.key === key)?.children?.map((c) => c.key) ?? [];

describe('record kind descriptors', () => {
  it('have distinct keys, module codes and tables', () => {
    for (const prop of ['key', 'label', 'table'] as const) {
      const values = recordKinds.map((k) => k[prop]);
      expect(new Set(values).size, prop).toBe(values.length);
    }
  });

  it('search only fixed fields of their own, and name only known permissions as readers', () => {
    for (const k of recordKinds) {
      const names = new Set(k.fixedFields.map((f) => f.fieldName));
      for (const f of k.searchFields ?? []) expect(names.has(f), `${k.key}.${f}`).toBe(true);
      for (const p of k.alsoReadBy ?? []) expect(isPermissionKey(p), `${k.key} read by ${p}`).toBe(true);
    }
    expect(recordKindByKey('customer')!.searchFields).toEqual(['mobile']);
  });

  it('others link to are the declarations with `link`, each under its own form type', () => {
    expect(linkableKinds.map((k) => k.key).sort()).toEqual(
      recordKinds
        .filter((k) => k.link)
        .map((k) => k.key)
        .sort(),
    );
    const types = linkableKinds.map((k) => k.link!.formType);
    expect(new Set(types).size).toBe(types.length);
    for (const k of linkableKinds) expect(linkedKindOf(k.link!.formType)).toBe(k);
    expect(linkPrefixOf(recordKindByKey('contract')!)).toBe('CrmContract');
    expect(linkedKindOf('receivables_plan')).toBeUndefined();
  });

  it('name every fixed field that links to a record `<x>Id`, which the original client’s pickers fill', () => {
    const linkTypes = new Set([...linkableKinds.map((k) => k.link!.formType), 'receivables_plan']);
    for (const k of recordKinds)
      for (const f of k.fixedFields.filter((x) => linkTypes.has(x.formType)))
        expect(f.fieldName, `${k.key}.${f.fieldName}`).toMatch(/Id$/);
    const contract = recordKindByKey('receivables')!;
    expect(
      fromOriginalEntity(contract, { contract_id: [{ contractId: 7, num: 'HT-1' }], plan_id: [{ planId: 3 }] }),
    ).toMatchObject({ contractId: 7, planId: 3 });
  });

  it('are found by key and by module code', () => {
    expect(recordKindByKey('customer')?.label).toBe(2);
    expect(recordKindByLabel(11)?.key).toBe('store');
    expect(recordKindByKey('nosuchkind')).toBeUndefined();
    expect(recordKindByLabel(10)).toBeUndefined();
  });

  describe.each(recordKinds.map((k) => [k.key, k] as const))('%s', (_key, kind) => {
    it('names a realm of the permission tree with the basic actions', () => {
      expect(kind.permission).toBe(`crm:${kind.key}`);
      expect(actionsOf(kind.key)).toEqual(expect.arrayContaining(['save', 'update', 'index', 'read', 'delete']));
    });

    it('has fixed fields with distinct camelCase names that the field schema accepts', () => {
      const names = kind.fixedFields.map((f) => f.fieldName);
      expect(new Set(names).size).toBe(names.length);
      for (const def of fixedDefinitions(kind)) {
        expect(def.fieldName).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(fieldDefinitionSchema.safeParse(def).success, def.fieldName).toBe(true);
      }
    });

    it('shows its name field and default columns from its fields or the system columns', () => {
      const known = new Set<string>([
        ...kind.fixedFields.map((f) => f.fieldName),
        ...systemColumns.map((c) => c.key),
        ...(kind.readColumns ?? []).map((c) => c.key),
      ]);
      expect(known.has(kind.nameField)).toBe(true);
      expect(kind.defaultColumns.filter((c) => !known.has(c))).toEqual([]);
    });

    it('governs permission fields by actions of its own realm', () => {
      for (const [name, rule] of Object.entries(kind.permissionFields ?? {})) {
        expect(kind.fixedFields.map((f) => f.fieldName)).toContain(name);
        expect(actionsOf(kind.key)).toEqual(expect.arrayContaining([rule.look, rule.edit]));
      }
    });

    it('offers the system scene of everything the viewer may see', () => {
      expect(kind.systemScenes.map((s) => s.key)).toContain('all');
    });
  });

  it('gives the customer ID image the spec permissions lookIdCardUrl / editIdCardUrl', () => {
    expect(recordKindByKey('customer')?.permissionFields).toEqual({
      idCardUrl: { look: 'lookIdCardUrl', edit: 'editIdCardUrl' },
    });
  });

  it('keeps the spec default columns of customers (spec 3.8)', () => {
    expect(recordKindByKey('customer')?.defaultColumns).toEqual([
      'customerName',
      'nextTime',
      'updateTime',
      'createTime',
    ]);
  });
});
