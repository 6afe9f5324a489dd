import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * A task's CRM records (the original's `task/saveTaskRelation`) and a record's 任务 tab
 * (`task/queryTaskRelation`), issue 20. Seed: zhenghao is another salesperson (neither reads the
 * other's customers); chenjing takes part in the task without managing it.
 */
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
let task: number;
let mine: number;
let others: number;

const ownedBy = async (who: string) => {
  const [row] = await queryRows<{ customer_id: number }>(
    t.database.db,
    sql`select customer_id from crm_customer where owner_user_id = ${ids[who]!} order by customer_id limit 1`,
  );
  return Number(row!.customer_id);
};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'chenjing', 'zhenghao']);
  mine = await ownedBy('sunli');
  others = await ownedBy('zhenghao');
  const made = await call('sunli', '/task/setTask', {
    name: '回访客户',
    mainUserId: ids.sunli,
    ownerUserIds: String(ids.chenjing),
  });
  task = made.data.taskId;
});
afterAll(() => t.close());

const listed = async (who: string, customerId: number) =>
  (await call(who, '/task/queryTaskRelation', { page: 1, limit: 10, customerIds: customerId })).data.list.map(
    (r: { taskId: number }) => r.taskId,
  );

describe('task/saveTaskRelation, task/queryTaskRelation', () => {
  it("links the task to a customer, answers it on the customer's tab, and clears it", async () => {
    const saved = await call('sunli', '/task/saveTaskRelation', {
      taskId: task,
      customerIds: `,${mine},`,
      contactsIds: '',
      businessIds: '',
      contractIds: '',
    });
    expect(saved).toMatchObject({ code: 0 });
    const tab = await call('sunli', '/task/queryTaskRelation', { page: 1, limit: 10, customerIds: mine });
    expect(tab.data).toMatchObject({ totalRow: 1, list: [{ taskId: task, name: '回访客户' }] });
    // A participant sees it too; the task is not on another customer's tab.
    expect(await listed('chenjing', mine)).toEqual([task]);
    expect(await listed('zhenghao', others)).toEqual([]);
    expect((await call('sunli', '/task/saveTaskRelation', { taskId: task, customerIds: '' })).code).toBe(0);
    expect(await listed('sunli', mine)).toEqual([]);
  });

  it('refuses a participant who does not manage the task, a record out of reach, bad ids and a missing task', async () => {
    expect(await call('chenjing', '/task/saveTaskRelation', { taskId: task, customerIds: String(mine) })).toMatchObject(
      { code: 403 },
    );
    expect(await call('sunli', '/task/saveTaskRelation', { taskId: task, customerIds: String(others) })).toMatchObject({
      code: 403,
    });
    expect(await call('sunli', '/task/saveTaskRelation', { taskId: task, customerIds: 'abc' })).toMatchObject({
      code: 400,
      msg: '关联记录有误',
    });
    expect(await call('sunli', '/task/saveTaskRelation', { taskId: 999999, customerIds: '' })).toMatchObject({
      code: 404,
      msg: '任务不存在',
    });
    expect(await call('sunli', '/task/queryTaskRelation', { customerIds: others })).toMatchObject({ code: 403 });
    const outsider = await signInNewUser('crmonly-tr', { roles: ['销售'], dept: '总经办' });
    expect(await t.post('/task/queryTaskRelation', { customerIds: mine }, outsider)).toMatchObject({ code: 403 });
    // Nothing was linked by the refused calls.
    expect(await listed('sunli', mine)).toEqual([]);
  });
});
