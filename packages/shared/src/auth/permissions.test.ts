import { describe, expect, it } from 'vitest';
import {
  allPermissionKeys,
  authHas,
  buildAuthObject,
  isPermissionKey,
  isPermissionPath,
  menuTreeForRoleType,
  type PermissionNode,
  roleTypeList,
} from './permissions.ts';

const tree: PermissionNode[] = [
  {
    key: 'a',
    title: 'A',
    titleEn: 'A',
    children: [
      { key: 'x', title: 'X', titleEn: 'X', children: [{ key: 'read', title: 'R', titleEn: 'R' }] },
      { key: 'y', title: 'Y', titleEn: 'Y' },
    ],
  },
  { key: 'b', title: 'B', titleEn: 'B', children: [] },
];

describe('allPermissionKeys', () => {
  it.each([
    ['leaves joined by colons; an empty realm is a leaf', tree, ['a:x:read', 'a:y', 'b']],
    ['an empty tree', [], []],
  ])('%s', (_name, input, expected) => {
    expect(allPermissionKeys(input)).toEqual(expected);
  });

  it('lists the real tree without duplicates, each three levels deep', () => {
    const keys = allPermissionKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => k.split(':').length === 3)).toBe(true);
    for (const k of ['crm:customer:save', 'crm:pool:receive', 'crm:contract:discard', 'manage:oa:examine'])
      expect(keys).toContain(k);
  });

  it.each([
    ['crm:customer:save', true],
    ['manage:users:read', true],
    ['crm:customer', false],
    ['crm:customer:fly', false],
    ['', false],
  ])('isPermissionKey(%j) is %s', (key, expected) => {
    expect(isPermissionKey(key)).toBe(expected);
  });
});

describe('buildAuthObject', () => {
  it.each([
    ['nothing', [], {}],
    ['one key', ['crm:customer:save'], { crm: { customer: { save: true } } }],
    [
      'siblings merge',
      ['crm:customer:save', 'crm:customer:read', 'crm:leads:index', 'manage:users:read'],
      {
        crm: { customer: { save: true, read: true }, leads: { index: true } },
        manage: { users: { read: true } },
      },
    ],
    [
      'a short key then a longer one turns the leaf into a realm',
      ['oa', 'oa:examine:use'],
      { oa: { examine: { use: true } } },
    ],
    ['duplicates', ['a:b', 'a:b'], { a: { b: true } }],
  ])('%s', (_name, keys, expected) => {
    expect(buildAuthObject(keys)).toEqual(expected);
  });

  it('takes any iterable', () => {
    expect(buildAuthObject(new Set(['bi:x']))).toEqual({ bi: { x: true } });
  });
});

describe('authHas', () => {
  const auth = buildAuthObject(['crm:customer:save', 'manage:backstage:look']);
  it.each([
    ['crm', true],
    ['crm.customer', true],
    ['crm:customer:save', true],
    ['manage.backstage.look', true],
    ['crm.customer.delete', false],
    ['crm.customer.save.more', false],
    ['oa', false],
  ])('%s → %s', (path, expected) => {
    expect(authHas(auth, path)).toBe(expected);
  });
  it('answers false without an auth object', () => {
    expect(authHas(undefined, 'crm')).toBe(false);
  });
});

describe('menuTreeForRoleType', () => {
  it.each([
    [1, ['manage']],
    [2, ['crm', 'manage']],
    [7, ['oa']],
    // The 配置 realm has its catalogue pages (clinic/permissions.ts).
    [0, ['crm', 'oa', 'project', 'manage']],
    [8, ['project']],
    [99, []],
  ])('role type %i shows realms %j', (roleType, realms) => {
    expect(menuTreeForRoleType(roleType).map((n) => n.key)).toEqual(realms);
  });

  it('gives CRM roles only the admin entry and the CRM settings of the admin realm', () => {
    const manage = menuTreeForRoleType(2).find((n) => n.key === 'manage');
    expect(allPermissionKeys(manage ? [manage] : [])).toEqual([
      'manage:backstage:look',
      'manage:crm:field',
      'manage:crm:pool',
      'manage:crm:setting',
      'manage:crm:productCategory',
      'manage:crm:businessType',
      'manage:crm:achievement',
    ]);
  });

  it('every listed role type has realms of the tree, and the custom type covers every key', () => {
    for (const t of roleTypeList) for (const r of t.realms) expect(isPermissionPath(r), r).toBe(true);
    expect(allPermissionKeys(menuTreeForRoleType(0)).sort()).toEqual(allPermissionKeys().sort());
  });
});

describe('isPermissionPath', () => {
  it.each([
    ['oa', true],
    ['oa.examine.use', true],
    ['manage:users:read', true],
    ['manage.backstage', true],
    ['crm.customer.save', true],
    ['manage.users.raed', false],
    ['manage.users.read.more', false],
    ['workbench', false],
    ['', false],
  ])('%s → %s', (path, expected) => expect(isPermissionPath(path)).toBe(expected));
});
