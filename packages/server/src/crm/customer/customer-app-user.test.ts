import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * The customer's app-user calls (docs/decisions.md, "Customer app-user calls") on the seed:
 * zhenghao owns 何雪, linked to the account hexue (美学顾问); sunli owns 赵美玲, signed with hexue
 * as its lower-level distributor. sunli's scope is herself; chenjing may not edit customers.
 */
let t: TestApp;
const { tokens: tok, ids: uid, signIn } = people(() => t);
let cid: Record<string, number>;

const post = (who: string, url: string, body: unknown) => t.post(`/CrmCustomer/${url}`, body, tok[who]);
const candidates = async (body: unknown) =>
  ((await post('sunli', 'searchMySignList', body)).data as { userName: string }[]).map((c) => c.userName);
const linkOf = async (customerId: number | undefined) => {
  const [row] = await queryRows<{ user_id: number | null; user_hidden: boolean; user_identity: number }>(
    t.database.db,
    sql`select user_id, user_hidden, user_identity from crm_customer where customer_id = ${customerId}`,
  );
  return {
    userId: row!.user_id === null ? null : Number(row!.user_id),
    hidden: row!.user_hidden,
    identity: Number(row!.user_identity),
  };
};
const setSigned = (signed: boolean) =>
  t.database.db.execute(sql`update crm_customer set has_sign = ${signed} where customer_id = ${cid.赵美玲}`);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhenghao', 'chenjing']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('validation of the three calls', () => {
  it.each([
    ['setUserHasHidden', {}, '请选择用户'],
    ['setUserHasHidden', { userId: 'x', hasHidden: 1 }, '请选择用户'],
    ['setUserHasHidden', { userId: 1 }, '隐藏状态有误'],
    ['setUserHasHidden', { userId: 1, hasHidden: 2 }, '隐藏状态有误'],
    ['deleteUserById', {}, '请选择用户'],
    ['deleteUserById', { userId: -1 }, '请选择用户'],
    ['changeIdentityByUserId', { identity: 1 }, '请选择用户'],
    ['changeIdentityByUserId', { userId: 1 }, '用户身份有误'],
    ['changeIdentityByUserId', { userId: 1, identity: 3 }, '用户身份有误'],
  ])('%s refuses %o with %s', async (url, body, msg) => {
    expect((await post('zhenghao', url, body)).msg).toBe(msg);
  });
});

describe.each([
  ['setUserHasHidden', { hasHidden: 1 }],
  ['deleteUserById', {}],
  ['changeIdentityByUserId', { identity: 2 }],
])('%s access', (url, extra) => {
  it('needs crm:customer:update and write access to the linked customer', async () => {
    expect((await post('chenjing', url, { userId: uid.hexue, ...extra })).msg).toBe('无权访问');
    expect((await post('sunli', url, { userId: uid.hexue, ...extra })).msg).toBe('无权访问');
  });

  it('refuses an unknown user and a user no customer is linked to', async () => {
    expect((await post('zhenghao', url, { userId: 999999, ...extra })).msg).toBe('用户不存在');
    expect((await post('zhenghao', url, { userId: uid.sunli, ...extra })).msg).toBe('该用户未关联客户');
  });
});

describe('CrmCustomer/setUserHasHidden', () => {
  it('hides the account from the signing candidates, unless the panel holds it, and logs it', async () => {
    expect(await candidates({ search: '何' })).toEqual(['何雪']);
    expect((await post('zhenghao', 'setUserHasHidden', { userId: uid.hexue, hasHidden: '1' })).code).toBe(0);
    expect(await linkOf(cid.何雪)).toMatchObject({ userId: uid.hexue, hidden: true });
    expect(await candidates({ search: '何' })).toEqual([]);
    expect(await candidates({ search: '何', selectSingUserIds: String(uid.hexue) })).toContain('何雪');
    const log = await post('zhenghao', 'queryActionRecord', { id: cid.何雪 });
    expect(log.data[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'userHidden', name: '签约候选中', before: '显示', after: '隐藏' }],
    });
    expect((await post('zhenghao', 'setUserHasHidden', { userId: uid.hexue, hasHidden: 0 })).code).toBe(0);
    expect(await candidates({ search: '何' })).toEqual(['何雪']);
  });
});

describe('CrmCustomer/changeIdentityByUserId', () => {
  it('refuses 客户 while the account serves a signing', async () => {
    const res = await post('zhenghao', 'changeIdentityByUserId', { userId: uid.hexue, identity: 1 });
    expect(res.msg).toBe('该用户是已签约客户的下级分销商，请先在签约中移除');
    expect((await linkOf(cid.何雪)).identity).toBe(2);
  });

  it('makes the account a plain customer: no candidate, identity fields editable; and back', async () => {
    await setSigned(false);
    try {
      expect((await post('zhenghao', 'changeIdentityByUserId', { userId: uid.hexue, identity: 1 })).code).toBe(0);
      expect((await linkOf(cid.何雪)).identity).toBe(1);
      expect((await post('zhenghao', 'queryForEdit', { id: cid.何雪 })).data).toMatchObject({
        isMeiXueGuWen: 0,
        userId: uid.hexue,
      });
      expect(await candidates({ search: '何' })).toEqual([]);
      const log = await post('zhenghao', 'queryActionRecord', { id: cid.何雪 });
      expect(log.data[0].changes).toEqual([
        { field: 'userIdentity', name: '用户身份', before: '美学顾问', after: '客户' },
      ]);
      expect((await post('zhenghao', 'changeIdentityByUserId', { userId: uid.hexue, identity: 2 })).code).toBe(0);
      expect((await post('zhenghao', 'queryForEdit', { id: cid.何雪 })).data.isMeiXueGuWen).toBe(1);
    } finally {
      await setSigned(true);
    }
  });
});

describe('CrmCustomer/deleteUserById', () => {
  it('refuses while the account serves a signing', async () => {
    const res = await post('zhenghao', 'deleteUserById', { userId: uid.hexue });
    expect(res.msg).toBe('该用户是已签约客户的下级分销商，请先在签约中移除');
    expect((await linkOf(cid.何雪)).userId).toBe(uid.hexue);
  });

  it('detaches the account; the customer stays, as a plain customer', async () => {
    await setSigned(false);
    await post('zhenghao', 'setUserHasHidden', { userId: uid.hexue, hasHidden: 1 });
    expect((await post('zhenghao', 'deleteUserById', { userId: String(uid.hexue) })).code).toBe(0);
    expect(await linkOf(cid.何雪)).toEqual({ userId: null, hidden: false, identity: 2 });
    expect((await post('zhenghao', 'queryForEdit', { id: cid.何雪 })).data).toMatchObject({
      customerName: '何雪',
      isMeiXueGuWen: 0,
      userId: null,
    });
    const log = await post('zhenghao', 'queryActionRecord', { id: cid.何雪 });
    expect(log.data[0].changes).toEqual([{ field: 'userId', name: '关联账号', before: '何雪', after: null }]);
    // The account stays a user and, unlinked, a candidate again.
    expect(await candidates({ search: '何' })).toEqual(['何雪']);
    expect((await post('zhenghao', 'deleteUserById', { userId: uid.hexue })).msg).toBe('该用户未关联客户');
  });
});
