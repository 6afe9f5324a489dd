import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { customerPanel } from '../customer/test-support.ts';
import { runPoolReturn } from './return-job.ts';

/**
 * The customer pool (DECISIONS "CRM", Customer pool; docs/api/pool.md). Personas (seed): sunli
 * and zhoujie sell in 销售一部 (own records; put into pool and receive, no lock or distribute),
 * zhenghao sells in 销售二部, liming manages 销售部 and its sub-departments (lock, distribute),
 * wufang manages 销售二部, chenjing (finance) has no pool permission, wangzong is the CRM admin
 * (every crm permission, no manage one), admin is the super admin.
 */
let t: TestApp;
const { ids: userIds, call: post, signIn } = people(() => t);
let n = 0;

const db = () => t.database.db;

/** A new customer owned by `who`. */
async function customer(who: string, over: Record<string, unknown> = {}): Promise<number> {
  n += 1;
  const res = await post(
    who,
    '/CrmCustomer/addOrUpdate',
    customerPanel({ customerName: `公海测试${n}`, mobile: `139${String(n).padStart(8, '0')}`, gender: 1, ...over }),
  );
  expect(res.code).toBe(0);
  return res.data.id as number;
}
async function poolCustomer(): Promise<number> {
  const id = await customer('sunli');
  expect((await post('sunli', '/CrmCustomer/putInPublicCustomerPool', { ids: [id] })).code).toBe(0);
  return id;
}
const row = async (id: number) =>
  (
    await queryRows<{ owner_user_id: number | null; is_lock: boolean; pool_taken_time: Date | null }>(
      db(),
      sql`select owner_user_id, is_lock, pool_taken_time from crm_customer where customer_id = ${id}`,
    )
  )[0]!;
const actions = (id: number) =>
  queryRows<{ action: string; detail: string; user_id: number }>(
    db(),
    sql`select action, detail, user_id from crm_action_record where label = 2 and record_id = ${id} order by action_id`,
  );
const limit = (name: string, type: 1 | 2, num: number, opts: { users?: number[]; depts?: number[]; deal?: 0 | 1 }) =>
  t.database.db.execute(sql`insert into crm_customer_setting (setting_name, type, customer_num, custom_deal, user_ids, dept_ids)
    values (${name}, ${type}, ${num}, ${opts.deal ?? 0},
      ${`{${(opts.users ?? []).join(',')}}`}::int[], ${`{${(opts.depts ?? []).join(',')}}`}::int[])`);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie', 'zhenghao', 'liming', 'wufang', 'chenjing', 'wangzong']);
});
beforeEach(async () => {
  await db().execute(sql`delete from crm_customer_setting`);
});
afterAll(() => t.close());

describe('CrmCustomer/putInPublicCustomerPool', () => {
  it('clears the owner and the team, logs it, and moves it from the customer list to the pool list', async () => {
    const id = await customer('sunli');
    expect(
      (await post('sunli', '/CrmCustomer/addMembers', { ids: [id], memberIds: [userIds.zhoujie], power: 2 })).code,
    ).toBe(0);
    const res = await post('sunli', '/CrmCustomer/putInPublicCustomerPool', { ids: [id] });
    expect(res).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await row(id)).owner_user_id).toBeNull();
    const team = await queryRows(db(), sql`select 1 from crm_team_member where label = 2 and record_id = ${id}`);
    expect(team).toHaveLength(0);
    expect((await actions(id)).at(-1)).toMatchObject({ action: 'putInPool', detail: '孙丽 → 公海' });
    const mine = await post('sunli', '/CrmCustomer/queryPageList', { search: `公海测试${n}` });
    expect(mine.data.list).toHaveLength(0);
    const pool = await post('sunli', '/CrmCustomerPool/queryPageList', { search: `公海测试${n}` });
    expect(pool.data.list.map((r: { customerId: number }) => r.customerId)).toEqual([id]);
  });

  it('refuses locked customers with 锁定的客户不能放入公海', async () => {
    const id = await customer('sunli');
    expect((await post('liming', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).code).toBe(0);
    const res = await post('sunli', '/CrmCustomer/putInPublicCustomerPool', { ids: [id] });
    expect(res.msg).toBe('锁定的客户不能放入公海');
    expect((await row(id)).owner_user_id).toBe(userIds.sunli);
  });

  it.each([
    [{}, '请选择客户'],
    [{ ids: [] }, '请选择客户'],
    [{ ids: 'x' }, '请选择客户'],
  ])('refuses %o with %s', async (body, msg) => {
    const res = await post('sunli', '/CrmCustomer/putInPublicCustomerPool', body);
    expect(res.msg).toBe(msg);
  });

  it('needs crm:customer:putinpool; another salesperson’s customer is out of scope; unknown ids are 客户不存在', async () => {
    const id = await customer('sunli');
    expect((await post('chenjing', '/CrmCustomer/putInPublicCustomerPool', { ids: [id] })).code).toBe(403);
    expect((await post('zhenghao', '/CrmCustomer/putInPublicCustomerPool', { ids: [id] })).msg).toBe('无权访问');
    expect((await post('sunli', '/CrmCustomer/putInPublicCustomerPool', { ids: [999999] })).msg).toBe('客户不存在');
    expect((await row(id)).owner_user_id).toBe(userIds.sunli);
  });
});

describe('CrmCustomer/updateCustomerByIds (spec 7.3’s name for putting into the pool)', () => {
  it('puts customers into the pool as putInPublicCustomerPool does', async () => {
    const id = await customer('sunli');
    const res = await post('sunli', '/CrmCustomer/updateCustomerByIds', { ids: [id] });
    expect(res).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await row(id)).owner_user_id).toBeNull();
    expect((await actions(id)).at(-1)).toMatchObject({ action: 'putInPool', detail: '孙丽 → 公海' });
  });

  it('refuses an empty selection, locked, out-of-scope and unknown customers, and callers without putinpool', async () => {
    expect((await post('sunli', '/CrmCustomer/updateCustomerByIds', { ids: [] })).msg).toBe('请选择客户');
    const id = await customer('sunli');
    expect((await post('chenjing', '/CrmCustomer/updateCustomerByIds', { ids: [id] })).code).toBe(403);
    expect((await post('zhenghao', '/CrmCustomer/updateCustomerByIds', { ids: [id] })).msg).toBe('无权访问');
    expect((await post('sunli', '/CrmCustomer/updateCustomerByIds', { ids: [999999] })).msg).toBe('客户不存在');
    expect((await post('liming', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).code).toBe(0);
    expect((await post('sunli', '/CrmCustomer/updateCustomerByIds', { ids: [id] })).msg).toBe('锁定的客户不能放入公海');
    expect((await row(id)).owner_user_id).toBe(userIds.sunli);
  });
});

describe('CrmCustomer/receiveByIds', () => {
  it('the receiver becomes the owner, the deal clock starts, and it is logged', async () => {
    const id = await poolCustomer();
    const res = await post('zhenghao', '/CrmCustomer/receiveByIds', { ids: [id] });
    expect(res).toMatchObject({ code: 0, data: { count: 1 } });
    const r = await row(id);
    expect(r.owner_user_id).toBe(userIds.zhenghao);
    expect(r.pool_taken_time).not.toBeNull();
    expect((await actions(id)).at(-1)).toMatchObject({ action: 'receive', detail: '公海 → 郑浩' });
  });

  it('refuses a customer not in the pool (someone else’s) with 客户不在公海中', async () => {
    const id = await customer('sunli');
    const res = await post('zhenghao', '/CrmCustomer/receiveByIds', { ids: [id] });
    expect(res.msg).toBe('客户不在公海中');
    expect((await row(id)).owner_user_id).toBe(userIds.sunli);
  });

  it('needs crm:pool:receive; validates ids; unknown ids are 客户不存在', async () => {
    const id = await poolCustomer();
    expect((await post('chenjing', '/CrmCustomer/receiveByIds', { ids: [id] })).code).toBe(403);
    expect((await post('sunli', '/CrmCustomer/receiveByIds', { ids: [] })).msg).toBe('请选择客户');
    expect((await post('sunli', '/CrmCustomer/receiveByIds', { ids: [999999] })).msg).toBe('客户不存在');
  });

  it('two receivers of one customer: exactly one gets it', async () => {
    const id = await poolCustomer();
    const answers = await Promise.all([
      post('sunli', '/CrmCustomer/receiveByIds', { ids: [id] }),
      post('zhenghao', '/CrmCustomer/receiveByIds', { ids: [id] }),
      post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [id] }),
    ]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === '客户不在公海中')).toHaveLength(2);
    const winner = ['sunli', 'zhenghao', 'zhoujie'][answers.findIndex((a) => a.code === 0)]!;
    expect((await row(id)).owner_user_id).toBe(userIds[winner]);
    expect((await actions(id)).filter((a) => a.action === 'receive')).toHaveLength(1);
  });

  it('a per-user owned limit names the setting; closed customers count only with custom_deal 1', async () => {
    const owned = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from crm_customer where owner_user_id = ${userIds.zhoujie} and deal_status = 0`,
    );
    await limit('销售个人上限', 1, owned[0]!.n + 1, { users: [userIds.zhoujie!] });
    const [a, b] = [await poolCustomer(), await poolCustomer()];
    expect((await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [a, b] })).msg).toBe(
      `周杰拥有的客户数已达上限${owned[0]!.n + 1}（销售个人上限）`,
    );
    expect((await row(a)).owner_user_id).toBeNull();
    expect((await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [a] })).code).toBe(0);
    expect((await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [b] })).code).not.toBe(0);
    // Closing the deal of one frees a place while closed customers do not count…
    await db().execute(sql`update crm_customer set deal_status = 1 where customer_id = ${a}`);
    expect((await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [b] })).code).toBe(0);
    // …and not when the setting counts them.
    await db().execute(sql`update crm_customer_setting set custom_deal = 1`);
    const c = await poolCustomer();
    expect((await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [c] })).msg).toContain(
      '周杰拥有的客户数已达上限',
    );
  });

  it('a department limit applies to each of its people', async () => {
    const [dept] = await queryRows<{ dept_id: number }>(
      db(),
      sql`select dept_id from sys_user where user_id = ${userIds.zhenghao}`,
    );
    await limit('销售二部上限', 1, 0, { depts: [dept!.dept_id] });
    const id = await poolCustomer();
    expect((await post('zhenghao', '/CrmCustomer/receiveByIds', { ids: [id] })).msg).toBe(
      '郑浩拥有的客户数已达上限0（销售二部上限）',
    );
    expect((await post('sunli', '/CrmCustomer/receiveByIds', { ids: [id] })).code).toBe(0);
  });
});

describe('CrmCustomer/distributeByIds', () => {
  it('assigns pool customers to a user in the distributor’s scope', async () => {
    const id = await poolCustomer();
    const res = await post('liming', '/CrmCustomer/distributeByIds', { ids: [id], userId: userIds.zhenghao });
    expect(res).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await row(id)).owner_user_id).toBe(userIds.zhenghao);
    expect((await actions(id)).at(-1)).toMatchObject({ action: 'distribute', detail: '公海 → 郑浩' });
  });

  it.each([
    [{ ids: [1] }, '请选择负责人'],
    [{ ids: [], userId: 1 }, '请选择客户'],
    [{ ids: [1], userId: 'abc' }, '请选择负责人'],
  ])('refuses %o with %s', async (body, msg) => {
    expect((await post('liming', '/CrmCustomer/distributeByIds', body)).msg).toBe(msg);
  });

  it('needs crm:pool:distribute; a user outside the scope, an inactive one or an owned customer is refused', async () => {
    const id = await poolCustomer();
    expect((await post('sunli', '/CrmCustomer/distributeByIds', { ids: [id], userId: userIds.sunli })).code).toBe(403);
    expect((await post('wufang', '/CrmCustomer/distributeByIds', { ids: [id], userId: userIds.sunli })).msg).toBe(
      '无权分配给该员工',
    );
    expect((await post('liming', '/CrmCustomer/distributeByIds', { ids: [id], userId: 999999 })).msg).toBe(
      '该员工不存在或已停用',
    );
    const owned = await customer('sunli');
    expect((await post('liming', '/CrmCustomer/distributeByIds', { ids: [owned], userId: userIds.zhenghao })).msg).toBe(
      '客户不在公海中',
    );
    expect((await row(id)).owner_user_id).toBeNull();
  });

  it('respects the receiving user’s owned limit', async () => {
    await limit('郑浩上限', 1, 0, { users: [userIds.zhenghao!] });
    const id = await poolCustomer();
    expect((await post('liming', '/CrmCustomer/distributeByIds', { ids: [id], userId: userIds.zhenghao })).msg).toBe(
      '郑浩拥有的客户数已达上限0（郑浩上限）',
    );
    expect((await row(id)).owner_user_id).toBeNull();
  });
});

describe('CrmCustomer/lock', () => {
  it('locks and unlocks, logging each change', async () => {
    const id = await customer('sunli');
    expect(await post('liming', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).toMatchObject({
      code: 0,
      data: { count: 1 },
    });
    expect((await row(id)).is_lock).toBe(true);
    expect((await post('liming', '/CrmCustomer/lock', { ids: [id], isLock: 0 })).data.count).toBe(1);
    expect((await row(id)).is_lock).toBe(false);
    expect((await actions(id)).slice(-2).map((a) => a.action)).toEqual(['lock', 'unlock']);
  });

  it('closed customers are not locked: 已成交客户无需锁定', async () => {
    const id = await customer('sunli');
    await db().execute(sql`update crm_customer set deal_status = 1 where customer_id = ${id}`);
    expect((await post('liming', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).msg).toBe('已成交客户无需锁定');
    expect((await row(id)).is_lock).toBe(false);
  });

  it.each([
    [{ ids: [1] }, '锁定状态有误'],
    [{ ids: [1], isLock: 2 }, '锁定状态有误'],
    [{ isLock: 1 }, '请选择客户'],
  ])('refuses %o with %s', async (body, msg) => {
    expect((await post('liming', '/CrmCustomer/lock', body)).msg).toBe(msg);
  });

  it('needs crm:customer:lock; out of scope and pool customers are refused', async () => {
    const id = await customer('sunli');
    expect((await post('sunli', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).code).toBe(403);
    expect((await post('wufang', '/CrmCustomer/lock', { ids: [id], isLock: 1 })).msg).toBe('无权访问');
    const pooled = await poolCustomer();
    expect((await post('liming', '/CrmCustomer/lock', { ids: [pooled], isLock: 1 })).msg).toBe('无权访问');
  });

  it('the owner’s locked limit names the setting', async () => {
    await limit('锁定上限', 2, 1, { users: [userIds.zhoujie!] });
    const [a, b] = [await customer('zhoujie'), await customer('zhoujie')];
    expect((await post('liming', '/CrmCustomer/lock', { ids: [a, b], isLock: 1 })).msg).toBe(
      '周杰锁定的客户数已达上限1（锁定上限）',
    );
    expect((await row(a)).is_lock).toBe(false);
    expect((await post('liming', '/CrmCustomer/lock', { ids: [a], isLock: 1 })).code).toBe(0);
    await db().execute(sql`update crm_customer set is_lock = false where customer_id = ${a}`);
  });
});

describe('CrmCustomerPool/queryPageList and deleteByIds', () => {
  it('lists only the pool, with search and filters; only the 全部 system scene applies', async () => {
    const id = await poolCustomer();
    const name = `公海测试${n}`;
    const list = await post('zhenghao', '/CrmCustomerPool/queryPageList', {
      data: { customerName: { condition: 'is', value: name } },
    });
    expect(list.data.list.map((r: { customerName: string }) => r.customerName)).toEqual([name]);
    expect(list.data.list[0].ownerUserId).toBeNull();
    const all = await post('zhenghao', '/CrmCustomerPool/queryPageList', { sceneId: -1, limit: 100 });
    expect(all.data.list.every((r: { ownerUserId: number | null }) => r.ownerUserId === null)).toBe(true);
    expect(all.data.list.some((r: { customerId: number }) => r.customerId === id)).toBe(true);
    expect((await post('zhenghao', '/CrmCustomerPool/queryPageList', { sceneId: -2 })).msg).toBe('场景不存在');
    expect(
      (await post('zhenghao', '/CrmCustomerPool/queryPageList', { data: { nope: { condition: 'is', value: 1 } } }))
        .code,
    ).not.toBe(0);
    expect((await post('chenjing', '/CrmCustomerPool/queryPageList', {})).code).toBe(403);
  });

  it('deletes pool customers only, with crm:pool:delete', async () => {
    const id = await poolCustomer();
    const owned = await customer('sunli');
    expect((await post('liming', '/CrmCustomerPool/deleteByIds', { ids: [id] })).code).toBe(403);
    expect((await post('wangzong', '/CrmCustomerPool/deleteByIds', { ids: [owned] })).msg).toBe('客户不在公海中');
    expect((await post('wangzong', '/CrmCustomerPool/deleteByIds', { ids: [] })).msg).toBe('请选择客户');
    expect(await post('wangzong', '/CrmCustomerPool/deleteByIds', { ids: [id] })).toMatchObject({
      code: 0,
      data: { count: 1 },
    });
    expect(await queryRows(db(), sql`select 1 from crm_customer where customer_id = ${id}`)).toHaveLength(0);
  });
});

describe('pool rules and the return job', () => {
  const rules = (body: unknown, who = 'admin') => post(who, '/CrmCustomer/updateRulesSetting', raw(body));

  it('reads the defaults, saves a rule, and needs manage:crm:pool', async () => {
    expect((await post('admin', '/CrmCustomer/getRulesSetting', {})).data).toEqual({
      status: 0,
      followUpDays: 7,
      dealDays: 3,
    });
    // A salesperson (no CRM settings of the admin backend) may neither change nor read the rule;
    // the CRM administrator (wangzong) holds manage:crm:pool and may.
    expect((await rules({ status: 1, followUpDays: 7, dealDays: 3 }, 'sunli')).code).toBe(403);
    expect((await post('sunli', '/CrmCustomer/getRulesSetting', {})).code).toBe(403);
    expect((await post('wangzong', '/CrmCustomer/getRulesSetting', {})).code).toBe(0);
    expect((await rules({ status: 1, followUpDays: 10, dealDays: 5 })).code).toBe(0);
    expect((await post('admin', '/CrmCustomer/getRulesSetting', {})).data).toEqual({
      status: 1,
      followUpDays: 10,
      dealDays: 5,
    });
    await rules({ status: 0 });
  });

  it.each([
    [{ status: 2 }, '公海规则开关有误'],
    [{ status: 1, followUpDays: 0 }, '未跟进天数须为1到365的整数'],
    [{ status: 1, followUpDays: 1.5 }, '未跟进天数须为1到365的整数'],
    [{ status: 1, dealDays: 366 }, '未成交天数须为1到365的整数'],
  ])('refuses %o with %s', async (body, msg) => {
    expect((await rules(body)).msg).toBe(msg);
  });

  it('returns unlocked, not-closed customers past either deadline, logs each, and shows days left', async () => {
    const day = 86_400_000;
    const stale = await customer('sunli'); // no follow-up for 8 days
    const followed = await customer('sunli'); // old, but followed up 2 days ago
    const locked = await customer('sunli');
    const closed = await customer('sunli');
    const taken = await poolCustomer(); // taken 4 days ago, no deal
    await post('zhoujie', '/CrmCustomer/receiveByIds', { ids: [taken] });
    const fresh = await customer('sunli');
    const ago = (d: number) => new Date(Date.now() - d * day).toISOString();
    await db().execute(sql`update crm_customer set create_time = ${ago(8)}::timestamptz
      where customer_id in (${stale}, ${followed}, ${locked}, ${closed})`);
    await db().execute(
      sql`update crm_customer set pool_taken_time = ${ago(4)}::timestamptz where customer_id = ${taken}`,
    );
    await db().execute(sql`update crm_customer set is_lock = true where customer_id = ${locked}`);
    await db().execute(sql`update crm_customer set deal_status = 1 where customer_id = ${closed}`);
    expect(
      (await post('sunli', '/CrmCustomer/addRecord', { id: followed, category: '打电话', content: '回访' })).code,
    ).toBe(0);
    await db().execute(
      sql`update crm_follow_record set create_time = ${ago(2)}::timestamptz where record_id = ${followed} and label = 2`,
    );

    // Off: nothing moves and no days are shown.
    expect(await runPoolReturn(db())).toBe(0);
    const off = await post('sunli', '/CrmCustomer/queryPageList', { search: '公海测试', limit: 100 });
    expect(off.data.list.find((r: { customerId: number }) => r.customerId === fresh).poolDaysLeft).toBeNull();

    expect((await rules({ status: 1, followUpDays: 7, dealDays: 3 })).code).toBe(0);
    const on = await post('sunli', '/CrmCustomer/queryPageList', { search: '公海测试', limit: 100 });
    const left = (id: number) => on.data.list.find((r: { customerId: number }) => r.customerId === id)?.poolDaysLeft;
    expect(left(fresh)).toBe(7);
    expect(left(followed)).toBe(5);
    expect(left(stale)).toBe(0);
    expect(left(locked)).toBeNull();
    expect(left(closed)).toBeNull();
    const head = await post('sunli', '/CrmCustomer/queryListHead', {});
    expect(head.data.find((c: { key: string }) => c.key === 'poolDaysLeft')).toMatchObject({
      name: '距进入公海天数',
      hidden: false,
      formType: 'number',
    });
    const sorted = await post('sunli', '/CrmCustomer/queryPageList', {
      search: '公海测试',
      sortField: 'poolDaysLeft',
      order: 'asc',
      data: { poolDaysLeft: { condition: 'isNotNull' } },
      limit: 100,
    });
    const days = sorted.data.list.map((r: { poolDaysLeft: number }) => r.poolDaysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days[0]).toBe(0);

    expect(await runPoolReturn(db())).toBeGreaterThanOrEqual(2);
    expect((await row(stale)).owner_user_id).toBeNull();
    expect((await row(taken)).owner_user_id).toBeNull();
    for (const id of [followed, locked, closed, fresh]) expect((await row(id)).owner_user_id).not.toBeNull();
    expect((await actions(stale)).at(-1)).toMatchObject({
      action: 'poolReturn',
      detail: '超过7天未跟进，自动放入公海',
      user_id: 0,
    });
    expect((await actions(taken)).at(-1)).toMatchObject({ detail: '领取后3天未成交，自动放入公海' });

    // A fake clock 6 days on: the followed-up customer's deadline (5 days) has passed, not the
    // new one's (7 days).
    expect(await runPoolReturn(db(), new Date(Date.now() + 6 * day))).toBeGreaterThanOrEqual(1);
    expect((await row(followed)).owner_user_id).toBeNull();
    expect((await row(fresh)).owner_user_id).not.toBeNull();
    expect((await row(locked)).owner_user_id).not.toBeNull();
    await rules({ status: 0 });
  });

  it('one run at a time: a run finding the job’s lock held by another connection does nothing', async (ctx) => {
    // PGlite is one connection (advisory locks are re-entrant within it): PostgreSQL runs only
    // (npm run test:postgres), where the pool hands the run a second connection.
    if (t.database.pglite) ctx.skip();
    await rules({ status: 1, followUpDays: 7, dealDays: 3 });
    const stale = await customer('sunli');
    await db().execute(
      sql`update crm_customer set create_time = now() - interval '30 days' where customer_id = ${stale}`,
    );
    let inner: number | null | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
      inner = await runPoolReturn(db());
    });
    expect(inner).toBeNull();
    expect((await row(stale)).owner_user_id).not.toBeNull();
    expect(await runPoolReturn(db())).toBeGreaterThanOrEqual(1);
    expect((await row(stale)).owner_user_id).toBeNull();
    await rules({ status: 0 });
  });
});
