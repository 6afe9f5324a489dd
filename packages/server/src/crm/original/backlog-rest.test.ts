import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people } from '../../test/people.ts';

/**
 * The original client's last to-do and follow-up calls (crm/original/backlog-rest.ts): deleting a
 * follow-up, 标记已跟进, 待回款提醒 and 待进入公海提醒. Demo data: sunli and zhoujie (销售一部, scope
 * self, no delete right), zhenghao (销售二部), liming (销售经理, 销售部 and below, no delete right),
 * wangzong (客户管理员: every CRM right, every owner), huangmin (no CRM right).
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let cid: Record<string, number>;
const nextBatch = batchIds('backlog-rest');
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie', 'zhenghao', 'liming', 'wangzong', 'huangmin']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

const follow = async (who: string, customer: string, content: string) => {
  const res = await post(who, '/CrmCustomer/addRecord', { id: cid[customer], category: '打电话', content });
  expect(res.code).toBe(0);
  return res.data.id as number;
};
const followUps = async (customer: string) => {
  const res = await post('admin', '/CrmCustomer/getRecord', { id: cid[customer], page: 1, limit: 50 });
  expect(res.code).toBe(0);
  return res.data.list as { followId: number; recordId: number; content: string }[];
};

describe('CrmRecord/deleteFollowRecord', () => {
  it('lets the author delete their follow-up, named as the original names it (recordId)', async () => {
    const id = await follow('sunli', '林婉清', '作者自己删除');
    const row = (await followUps('林婉清')).find((f) => f.followId === id);
    expect(row?.recordId).toBe(id);
    expect(await post('sunli', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({ code: 0 });
    expect((await followUps('林婉清')).map((f) => f.followId)).not.toContain(id);
    expect(await post('sunli', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({
      code: 404,
      msg: '跟进记录不存在',
    });
  });

  it("refuses someone else's follow-up without the delete right, even in scope; the right and scope allow it", async () => {
    const id = await follow('sunli', '林婉清', '别人的跟进');
    // zhoujie: same department, scope self; liming: 林婉清 in his scope but no delete right.
    expect(await post('zhoujie', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({ code: 403 });
    expect(await post('liming', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({ code: 403 });
    expect(await post('huangmin', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({ code: 403 });
    expect((await followUps('林婉清')).map((f) => f.followId)).toContain(id);
    expect(await post('wangzong', '/CrmRecord/deleteFollowRecord', { followId: id })).toMatchObject({ code: 0 });
    expect((await followUps('林婉清')).map((f) => f.followId)).not.toContain(id);
  });

  it('refuses the author once the record left their scope, and a malformed id', async () => {
    const id = await follow('zhenghao', '孙晓雅', '转走之后');
    const moved = await post('admin', '/CrmCustomer/transfer', { ids: [cid.孙晓雅], newOwnerUserId: uid.sunli });
    expect(moved.code).toBe(0);
    expect(await post('zhenghao', '/CrmRecord/deleteFollowRecord', { recordId: id })).toMatchObject({ code: 403 });
    expect(await post('sunli', '/CrmRecord/deleteFollowRecord', { recordId: 'abc' })).toMatchObject({
      code: 400,
      msg: '跟进记录不存在',
    });
  });
});

describe('CrmBackLog/setCustomerFollowup and setLeadsFollowup (标记已跟进)', () => {
  const tab = async (who: string, url: string, id: string) => {
    const res = await post(who, url, { page: 1, limit: 100, type: 1 });
    expect(res.code).toBe(0);
    return (res.data.list as Record<string, unknown>[]).map((r) => r[id]);
  };

  it('takes the customers out of 待跟进客户, and out of the tile', async () => {
    const before = await tab('sunli', '/CrmBackLog/followCustomer', 'customerId');
    expect(before).toContain(cid.陈雨桐);
    const tile = (await post('sunli', '/CrmBackLog/num', {})).data.followCustomer as number;
    expect(await post('sunli', '/CrmBackLog/setCustomerFollowup', { ids: String(cid.陈雨桐) })).toMatchObject({
      code: 0,
    });
    const after = await tab('sunli', '/CrmBackLog/followCustomer', 'customerId');
    expect(after).not.toContain(cid.陈雨桐);
    expect(after.length).toBe(before.length - 1);
    expect((await post('sunli', '/CrmBackLog/num', {})).data.followCustomer).toBe(tile - 1);
  });

  it('refuses customers outside the scope, unknown ids, none, and users without the list', async () => {
    expect(await post('sunli', '/CrmBackLog/setCustomerFollowup', { ids: String(cid.周若曦) })).toMatchObject({
      code: 403,
    });
    expect(await post('sunli', '/CrmBackLog/setCustomerFollowup', { ids: '99999999' })).toMatchObject({
      code: 404,
    });
    expect(await post('sunli', '/CrmBackLog/setCustomerFollowup', { ids: '' })).toMatchObject({
      code: 400,
      msg: '请选择要标记为已跟进的记录',
    });
    expect(await post('huangmin', '/CrmBackLog/setCustomerFollowup', { ids: String(cid.陈雨桐) })).toMatchObject({
      code: 403,
    });
  });

  it('takes a due lead out of 待跟进的线索 until a later next follow-up is due again', async () => {
    const res = await post('sunli', '/CrmLeads/addOrUpdate', {
      entity: { name: '标记线索', batchId: nextBatch() },
      field: [],
    });
    expect(res.code).toBe(0);
    const leadId = res.data.id as number;
    await exec(sql`update crm_leads set next_time = now() - interval '1 hour' where leads_id = ${leadId}`);
    expect(await tab('sunli', '/CrmBackLog/followLeads', 'leadsId')).toContain(leadId);
    expect(await post('sunli', '/CrmBackLog/setLeadsFollowup', { ids: `${leadId}` })).toMatchObject({ code: 0 });
    expect(await tab('sunli', '/CrmBackLog/followLeads', 'leadsId')).not.toContain(leadId);
    // A new next time set after the mark (a later follow-up plan) makes it due again when it comes.
    await exec(sql`update crm_leads set next_time = now() + interval '1 second' where leads_id = ${leadId}`);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await tab('sunli', '/CrmBackLog/followLeads', 'leadsId')).toContain(leadId);
    expect(await post('zhenghao', '/CrmBackLog/setLeadsFollowup', { ids: `${leadId}` })).toMatchObject({
      code: 403,
    });
  });
});

describe('CrmBackLog/remindReceivables (待回款提醒)', () => {
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
  let plans: Record<string, number> = {};

  beforeAll(async () => {
    const contract = async (who: string, num: string, customer: string) => {
      const res = await post(who, '/CrmContract/saveAndUpdate', {
        entity: { name: num, num, customerId: cid[customer], money: '9000', checkStatus: 5, batchId: nextBatch() },
        field: [],
      });
      expect(res.code).toBe(0);
      return res.data.id as number;
    };
    const plan = async (contractId: number, customer: string, remind: number, ret: number) => {
      const [row] = await queryRows<{ plan_id: number }>(
        t.database.db,
        sql`insert into crm_receivables_plan (num, contract_id, customer_id, money, return_date, remind, remind_date, create_user_id)
            values (1, ${contractId}, ${cid[customer]}, 3000, ${day(ret)}, 3, ${day(remind)}, ${uid.sunli}) returning plan_id`,
      );
      return Number(row!.plan_id);
    };
    const mine = await contract('sunli', 'HT-REMIND-DUE', '陈雨桐');
    const late = await contract('sunli', 'HT-REMIND-LATE', '陈雨桐');
    const paid = await contract('sunli', 'HT-REMIND-PAID', '陈雨桐');
    const other = await contract('zhenghao', 'HT-REMIND-OTHER', '何雪');
    plans = {
      due: await plan(mine, '陈雨桐', -1, 2),
      overdue: await plan(late, '陈雨桐', -5, -2),
      paid: await plan(paid, '陈雨桐', -1, 2),
      other: await plan(other, '何雪', -1, 2),
    };
    await exec(sql`insert into crm_receivables (number, customer_id, contract_id, plan_id, return_time, money, owner_user_id,
                     create_user_id, batch_id, check_status)
                   values ('HK-REMIND', ${cid.陈雨桐}, ${paid}, ${plans.paid}, ${day(0)}, 3000, ${uid.sunli}, ${uid.sunli},
                     ${nextBatch()}, 1)`);
  });

  const planIds = async (who: string, type: number | undefined) => {
    const res = await post(who, '/CrmBackLog/remindReceivables', { page: 1, limit: 100, isSub: 1, type });
    expect(res.code).toBe(0);
    return (res.data.list as { planId: number; contractNum: string; customerName: string }[]).map((p) => p.planId);
  };

  it('lists the due, received and overdue plans of the contracts in the viewer scope, by tab', async () => {
    expect(await planIds('sunli', 1)).toEqual([plans.due]);
    expect(await planIds('sunli', undefined)).toEqual([plans.due]);
    expect(await planIds('sunli', 2)).toEqual([plans.paid]);
    expect(await planIds('sunli', 3)).toEqual([plans.overdue]);
    expect(await planIds('zhenghao', 1)).toEqual([plans.other]);
    expect(await planIds('admin', 1)).toEqual(expect.arrayContaining([plans.due, plans.other]));
  });

  it('refuses an unknown tab and a user without the contract list', async () => {
    expect(await post('sunli', '/CrmBackLog/remindReceivables', { type: 4 })).toMatchObject({
      code: 400,
      msg: '回款提醒分类有误',
    });
    expect(await post('huangmin', '/CrmBackLog/remindReceivables', { type: 1 })).toMatchObject({ code: 403 });
  });
});

describe('CrmBackLog/putInPoolRemind (待进入公海提醒)', () => {
  const names = async (who: string) => {
    const res = await post(who, '/CrmBackLog/putInPoolRemind', { page: 1, limit: 100, isSub: 1 });
    expect(res.code).toBe(0);
    return (res.data.list as { customerName: string }[]).map((c) => c.customerName).sort();
  };

  it('is empty while the pool rule is off', async () => {
    expect(await names('sunli')).toEqual([]);
  });

  it('lists the customers in scope the rule takes back within two days', async () => {
    const rules = await post('admin', '/CrmCustomer/updateRulesSetting', { status: 1, followUpDays: 7, dealDays: 30 });
    expect(rules.code).toBe(0);
    await exec(
      sql`update crm_customer set create_time = now(), pool_taken_time = null, is_lock = false, deal_status = 0`,
    );
    await exec(sql`delete from crm_follow_record`);
    // 6 days old: returned tomorrow; 3 days old: in four days.
    await exec(
      sql`update crm_customer set create_time = now() - interval '6 days' where customer_id in (${cid.赵美玲}, ${cid.何雪})`,
    );
    await exec(sql`update crm_customer set create_time = now() - interval '3 days' where customer_id = ${cid.陈雨桐}`);
    expect(await names('sunli')).toEqual(['赵美玲']);
    expect(await names('wangzong')).toEqual(['何雪', '赵美玲'].sort());
    expect(await post('huangmin', '/CrmBackLog/putInPoolRemind', {})).toMatchObject({ code: 403 });
  });

  it('leaves out locked and closed customers, which never return', async () => {
    await exec(sql`update crm_customer set is_lock = true where customer_id = ${cid.赵美玲}`);
    expect(await names('sunli')).toEqual([]);
  });
});

describe('the other tabs of the to-do lists', () => {
  const tab = async (who: string, url: string, type: number, id: string) => {
    const res = await post(who, url, { page: 1, limit: 100, type, isSub: 1 });
    expect(res.code).toBe(0);
    return (res.data.list as Record<string, unknown>[]).map((r) => r[id]);
  };
  const nextTime = (name: string, at: string) =>
    exec(sql`update crm_customer set next_time = now() + ${at}::interval where customer_id = ${cid[name]}`);

  it('todayCustomer 2 已逾期 and 3 已联系, within the scope', async () => {
    await nextTime('王思琪', '-3 days');
    await nextTime('赵美玲', '3 days');
    const overdue = await tab('sunli', '/CrmBackLog/todayCustomer', 2, 'customerId');
    expect(overdue).toContain(cid.王思琪);
    expect(overdue).not.toContain(cid.赵美玲);
    await follow('sunli', '赵美玲', '今天联系过');
    const contacted = await tab('sunli', '/CrmBackLog/todayCustomer', 3, 'customerId');
    expect(contacted).toContain(cid.赵美玲);
    expect(contacted).not.toContain(cid.王思琪);
    expect(await tab('zhenghao', '/CrmBackLog/todayCustomer', 3, 'customerId')).not.toContain(cid.赵美玲);
  });

  it('followCustomer 2 已跟进: the viewer’s customers followed up or marked', async () => {
    const done = await tab('sunli', '/CrmBackLog/followCustomer', 2, 'customerId');
    const waiting = await tab('sunli', '/CrmBackLog/followCustomer', 1, 'customerId');
    expect(done).toContain(cid.陈雨桐); // marked above
    expect(done).toContain(cid.赵美玲); // followed up above
    expect(done.filter((id) => waiting.includes(id))).toEqual([]);
  });

  it('followLeads 2 已跟进: marked or followed up, and not due again', async () => {
    const res = await post('sunli', '/CrmLeads/addOrUpdate', {
      entity: { name: '已跟进线索', batchId: nextBatch() },
      field: [],
    });
    const leadId = res.data.id as number;
    expect(await tab('sunli', '/CrmBackLog/followLeads', 2, 'leadsId')).not.toContain(leadId);
    expect(await post('sunli', '/CrmBackLog/setLeadsFollowup', { ids: String(leadId) })).toMatchObject({ code: 0 });
    expect(await tab('sunli', '/CrmBackLog/followLeads', 2, 'leadsId')).toContain(leadId);
  });

  it('still refuses a tab with no list here', async () => {
    expect(await post('sunli', '/CrmBackLog/checkContract', { type: 2 })).toMatchObject({
      code: 400,
      msg: '暂不支持该分类的待办列表',
    });
  });
});
