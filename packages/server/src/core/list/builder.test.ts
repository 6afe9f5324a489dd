import { DataScope, type ListFilter } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../auth/session.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AppError } from '../errors.ts';
import { queryRows } from '../sql.ts';
import { defineList, jsonbFields, type ListDefinition, type ListRequest, listPage } from './builder.ts';

let t: TestApp;
let owners: { sunli: number; zhaoqiang: number; liming: number };

/** A throwaway table shaped like a CRM record kind: an owner column and custom values in jsonb. */
const probe = defineList({
  from: sql`list_probe p`,
  id: sql`p.id`,
  fields: {
    title: { sql: sql`p.title`, type: 'text' },
    amount: { sql: sql`p.amount`, type: 'number' },
    createTime: { sql: sql`p.created`, type: 'date' },
    secret: { sql: sql`p.secret`, type: 'text', sortable: false, filterable: false },
    ...jsonbFields(sql`p.extra`, [
      { key: 'field_1', type: 'number' },
      { key: 'field_2', type: 'text' },
    ]),
  },
  search: [sql`p.title`],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: { owner: sql`p.owner_id`, permission: 'crm:probe:index' },
});

const user = (userId: number, dataType: DataScope, deptId: number | null = null, isSuper = false): SessionUser => ({
  userId,
  username: '',
  realname: '',
  deptId,
  parentId: null,
  isSuper,
  roles: [{ roleId: 1, isSuper, dataType, permissions: ['crm:probe:index'] }],
  permissions: new Set(['crm:probe:index']),
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const ids = await queryRows<{ username: string; user_id: number }>(
    db,
    sql`select username, user_id from sys_user where username in ('sunli', 'zhaoqiang', 'liming')`,
  );
  const id = (name: string) => Number(ids.find((r) => r.username === name)!.user_id);
  owners = { sunli: id('sunli'), zhaoqiang: id('zhaoqiang'), liming: id('liming') };
  await db.execute(sql`create table list_probe (id serial primary key, owner_id int not null, title text not null,
    amount int, created timestamptz not null, secret text, extra jsonb not null default '{}')`);
  const rows: [number, string, number | null, string, Record<string, unknown>][] = [
    [owners.sunli, '100% 完成', 10, '2026-01-01', { field_1: 9, field_2: 'b' }],
    [owners.sunli, '1000 完成', 20, '2026-01-02', { field_1: 10, field_2: 'a' }],
    [owners.sunli, 'a_b 合同', 30, '2026-01-03', { field_1: 'x' }],
    [owners.zhaoqiang, 'axb 合同', 40, '2026-01-04', { field_1: 100 }],
    [owners.zhaoqiang, 'C:\\path 备注', null, '2026-01-05', {}],
    [owners.liming, '普通', 60, '2026-01-06', { field_1: -1, field_2: 'c' }],
  ];
  for (const [owner, title, amount, created, extra] of rows)
    await db.execute(
      sql`insert into list_probe (owner_id, title, amount, created, extra) values (${owner}, ${title}, ${amount}, ${`${created} 00:00+08`}, ${JSON.stringify(extra)}::jsonb)`,
    );
});
afterAll(() => t.close());

const run = (req: Partial<ListRequest>, def: ListDefinition = probe) =>
  listPage<{ title: string }, string>(
    t.database.db,
    def,
    { user: user(owners.sunli, DataScope.all, null, true), page: 1, limit: 15, ...req },
    { columns: sql`p.title`, joins: sql`join list_probe p on p.id = page.id`, map: (r) => r.title },
  );

/** The Chinese message a refused request answers, or 'ok'. */
const outcome = (req: Partial<ListRequest>) =>
  run(req).then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.message : `unexpected ${String(e)}`),
  );

describe('search: % _ and \\ match themselves', () => {
  it.each([
    ['%', ['100% 完成']],
    ['_', ['a_b 合同']],
    ['a_b', ['a_b 合同']],
    ['\\', ['C:\\path 备注']],
    ['100%', ['100% 完成']],
    ['合同', ['axb 合同', 'a_b 合同']],
  ])('search %j', async (search, expected) => {
    expect((await run({ search })).list).toEqual(expected);
  });
});

describe('paging', () => {
  it.each([
    [1, 2, ['普通', 'C:\\path 备注'], 6],
    [3, 2, ['1000 完成', '100% 完成'], 6],
    [4, 2, [], 6],
    [99, 15, [], 6],
  ])('page %i of %i a page answers the rows and the real total', async (page, limit, list, totalRow) => {
    expect(await run({ page, limit })).toEqual({ list, totalRow, page, limit });
  });

  it('past the end of a filtered list answers the filtered total', async () => {
    expect(await run({ page: 5, limit: 10, search: '合同' })).toMatchObject({ list: [], totalRow: 2 });
  });
});

describe('sorting on declared fields only', () => {
  it.each([
    [
      { sortField: 'amount', order: 'asc' as const },
      ['100% 完成', '1000 完成', 'a_b 合同', 'axb 合同', '普通', 'C:\\path 备注'],
    ],
    // A custom field in the jsonb column sorts as a number; values that are not numbers sort as
    // empty (last when ascending), ties by id in the same direction.
    [
      { sortField: 'field_1', order: 'asc' as const },
      ['普通', '100% 完成', '1000 完成', 'axb 合同', 'a_b 合同', 'C:\\path 备注'],
    ],
    [
      { sortField: 'field_2', order: 'asc' as const },
      ['1000 完成', '100% 完成', '普通', 'a_b 合同', 'axb 合同', 'C:\\path 备注'],
    ],
  ])('%j', async (sort, expected) => {
    expect((await run(sort)).list).toEqual(expected);
  });

  it.each([
    ['password', '不支持按该字段排序'],
    ['p.title; drop table list_probe', '不支持按该字段排序'],
    ['secret', '不支持按该字段排序'],
    ['constructor', '不支持按该字段排序'],
    ['title', 'ok'],
  ])('sortField %j answers %s', async (sortField, expected) => {
    expect(await outcome({ sortField })).toBe(expected);
  });
});

describe('filters on declared fields only', () => {
  const f = (field: string, condition: ListFilter['condition'], value?: unknown): ListFilter => ({
    field,
    condition,
    value,
  });
  it.each([
    [[f('amount', 'gt', 30)], ['普通', 'axb 合同']],
    [[f('amount', 'isNull')], ['C:\\path 备注']],
    [[f('title', 'contains', '_')], ['a_b 合同']],
    [[f('title', 'notContains', '完成')], ['普通', 'C:\\path 备注', 'axb 合同', 'a_b 合同']],
    // Created at the company's midnights (Asia/Shanghai); a day means its start in that zone.
    [[f('createTime', 'elt', '2026-01-02')], ['1000 完成', '100% 完成']],
    [[f('createTime', 'lt', '2026-01-02 00:00:00')], ['100% 完成']],
    [[f('createTime', 'egt', '2026-01-05T16:00:00Z')], ['普通']],
    [[f('field_1', 'egt', 10)], ['axb 合同', '1000 完成']],
    [[f('field_2', 'in', ['a', 'c'])], ['普通', '1000 完成']],
    [[f('amount', 'is', '20'), f('title', 'isNot', 'x')], ['1000 完成']],
  ])('%j', async (filters, expected) => {
    expect((await run({ filters })).list).toEqual(expected);
  });

  it.each([
    [f('owner_id', 'is', 1), '不支持按该字段筛选'],
    [f('secret', 'is', 'x'), '不支持按该字段筛选'],
    [f('amount', 'gt', 'abc'), '筛选条件有误'],
    [f('amount', 'contains', '1'), '筛选条件有误'],
    [f('createTime', 'gt', "2026-01-01'; --"), '筛选条件有误'],
    [f('createTime', 'gt', '2026-02-30 10:00:00'), '筛选条件有误'],
    [f('createTime', 'gt', '2026-01-01 25:00'), '筛选条件有误'],
    [f('title', 'is', 'a\u0000b'), '筛选条件有误'],
    [f('amount', 'in', []), '筛选条件有误'],
    [f('amount', 'between' as ListFilter['condition'], 1), '筛选条件有误'],
  ])('%j answers %s', async (filter, expected) => {
    expect(await outcome({ filters: [filter] })).toBe(expected);
  });
});

describe('the data scope is always applied', () => {
  it.each([
    ['self', () => user(owners.sunli, DataScope.self), 3],
    ['self, other owner', () => user(owners.zhaoqiang, DataScope.self), 2],
    [
      'self and subordinates of zhaoqiang (sunli reports to him)',
      () => user(owners.zhaoqiang, DataScope.subordinates),
      5,
    ],
    ['all', () => user(owners.liming, DataScope.all), 6],
    ['no role granting the permission: self', () => ({ ...user(owners.liming, DataScope.all), roles: [] }), 1],
  ])('%s', async (_name, who, total) => {
    const page = await run({ user: who() });
    expect(page.totalRow).toBe(total);
    expect(page.list).toHaveLength(total);
  });

  it('also past the last page and under a search', async () => {
    expect(await run({ user: user(owners.sunli, DataScope.self), page: 9, search: '合同' })).toMatchObject({
      list: [],
      totalRow: 1,
    });
  });

  it('an unscoped list must say why', () => {
    expect(() => defineList({ ...probe, scope: { unscoped: ' ' } })).toThrow();
    expect(() => defineList({ ...probe, scope: { unscoped: 'configuration, not owned data' } })).not.toThrow();
  });

  it('a default sort on an undeclared field is a programming error', () => {
    expect(() => defineList({ ...probe, defaultSort: [{ field: 'nope', order: 'asc' }] })).toThrow();
  });
});
