import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { MAX_BODY_DEPTH, nestsTooDeep, parseForm, parseQuery } from './body.ts';

describe('form bodies are read with qs semantics, as the original client writes them', () => {
  it.each([
    ['plain fields', 'a=1&b=x', { a: '1', b: 'x' }],
    [
      'nested objects',
      'entity[customer_name]=张三&entity[mobile]=13900000000',
      { entity: { customer_name: '张三', mobile: '13900000000' } },
    ],
    ['indexed arrays', 'ids[0]=3&ids[1]=4', { ids: ['3', '4'] }],
    ['arrays of objects', 'field[0][fieldId]=7&field[0][value]=v', { field: [{ fieldId: '7', value: 'v' }] }],
    ['repeated keys', 'ids=3&ids=4', { ids: ['3', '4'] }],
    ['a comma list stays text (the schemas read it)', 'ids=3,4', { ids: '3,4' }],
    [
      'a long indexed list stays a list',
      Array.from({ length: 300 }, (_, i) => `ids[${i}]=${i}`).join('&'),
      { ids: Array.from({ length: 300 }, (_, i) => String(i)) },
    ],
  ])('%s', (_what, text, expected) => {
    expect(parseForm(text)).toEqual(expected);
  });

  it('never lets a key reach the prototype', () => {
    const parsed = parseForm('__proto__[admin]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(parsed.admin).toBeUndefined();
  });

  it('refuses a form nested deeper than the limit, and reads one at the limit', () => {
    const key = (n: number) => `a${'[x]'.repeat(n)}=1`;
    expect(() => parseForm(key(MAX_BODY_DEPTH))).not.toThrow();
    expect(() => parseForm(key(MAX_BODY_DEPTH + 1))).toThrow(Msg.bodyTooDeep);
    // A query string cannot be refused by the router: too deep stays one flat key no schema names.
    expect(Object.keys(parseQuery(key(MAX_BODY_DEPTH + 5)).a as object)).toHaveLength(1);
  });
});

describe('nestsTooDeep walks without recursion', () => {
  const nested = (n: number) => {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = [v];
    return v;
  };
  it.each([
    [1, false],
    [MAX_BODY_DEPTH, false],
    [MAX_BODY_DEPTH + 1, true],
    [100_000, true],
  ])('%i levels → %s', (n, deep) => {
    expect(nestsTooDeep(nested(n))).toBe(deep);
  });
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('every call: deep bodies are refused in Chinese, never a 500', () => {
  it.each([
    ['JSON', 'application/json', `{"search":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    ['form', 'application/x-www-form-urlencoded', `search${'[a]'.repeat(50)}=1`],
  ])('%s', async (_what, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/user/queryUserList',
      headers: { 'admin-token': admin, 'content-type': type },
      payload,
    });
    expect([res.statusCode, res.json().code, res.json().msg]).toEqual([200, 400, Msg.bodyTooDeep]);
  });
});

describe("lists speak the original client's paging", () => {
  const list = (body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/system/user/queryUserList',
      headers: { 'admin-token': admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });

  it('a page carries the original page fields beside ours', async () => {
    const res = (await list({ page: '2', limit: '3' })).json();
    const total = res.data.totalRow;
    expect(total).toBeGreaterThan(6);
    expect(res.data).toMatchObject({
      page: 2,
      limit: 3,
      pageNumber: 2,
      pageSize: 3,
      totalPage: Math.ceil(total / 3),
      firstPage: false,
      lastPage: false,
    });
    expect(res.data.list).toHaveLength(3);
    const last = (await list({ page: String(Math.ceil(total / 3)), limit: '3' })).json();
    expect(last.data).toMatchObject({ firstPage: false, lastPage: true });
  });

  it("pageType 0 answers the whole list as a plain array, with only the contract's fields", async () => {
    const paged = (await list({ page: '1', limit: '2' })).json();
    const whole = (await list({ pageType: '0', limit: '2' })).json();
    expect(whole.code).toBe(0);
    expect(Array.isArray(whole.data)).toBe(true);
    expect(whole.data).toHaveLength(paged.data.totalRow);
    expect(Object.keys(whole.data[0]).sort()).toEqual(Object.keys(paged.data.list[0]).sort());
  });

  it.each([
    ['1', 'desc'],
    ['2', 'asc'],
  ])('order %s sorts %s, as the original sends it', async (order, dir) => {
    const ours = (await list({ sortField: 'realname', order: dir, limit: '50' })).json();
    const original = (await list({ sortField: 'realname', order, limit: '50' })).json();
    expect(original.code).toBe(0);
    expect(original.data.list.map((u: { userId: number }) => u.userId)).toEqual(
      ours.data.list.map((u: { userId: number }) => u.userId),
    );
  });

  it('refuses an order it does not know', async () => {
    expect((await list({ sortField: 'realname', order: '3' })).json()).toMatchObject({
      code: 400,
      msg: '排序方式有误',
    });
  });
});
