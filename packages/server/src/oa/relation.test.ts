import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { batchIds, people } from '../test/people.ts';

/**
 * The office lists of a CRM record's detail page in the original client (issue 20):
 * `OaLog/queryLogRelation` and `OaExamine/queryExamineRelation {<kind>Ids: id, page, limit}`.
 * Seed: zhaoqiang supervises sunli (reads her customers and, as 外勤主管, her logs); zhenghao,
 * another salesperson, reads neither.
 */
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
const nextBatch = batchIds('rel-batch');
let customer: number;
let log: number;
let examine: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhaoqiang', 'chenjing', 'zhenghao']);
  const [row] = await queryRows<{ customer_id: number }>(
    t.database.db,
    sql`select customer_id from crm_customer where owner_user_id = ${ids.sunli!} order by customer_id limit 1`,
  );
  customer = Number(row!.customer_id);
  const made = await call('sunli', '/OaLog/saveLog', {
    categoryId: 1,
    content: '拜访了客户',
    sendUserIds: [ids.chenjing],
    customerIds: [customer],
    batchId: nextBatch(),
  });
  log = made.data.logId;
  const cats = await call('sunli', '/OaExamineCategory/queryAllExamineCategoryList');
  const general = cats.data.find((c: { type: string }) => c.type === 'general').categoryId;
  const sent = await call('sunli', '/OaExamine/setOaExamine', {
    oaExamine: { categoryId: general, content: '客户样品申请', remark: '寄样品', batchId: nextBatch() },
    oaExamineRelation: { customerIds: String(customer) },
    checkUserId: ids.chenjing,
  });
  examine = sent.data.examineId;
});
afterAll(() => t.close());

const logIds = (a: any) => a.data.list.map((l: { logId: number }) => l.logId);
const examineIds = (a: any) => a.data.list.map((e: { examineId: number }) => e.examineId);

describe('OaLog/queryLogRelation, OaExamine/queryExamineRelation', () => {
  it("answers the record's logs and approvals in the shapes of the lists", async () => {
    const logs = await call('sunli', '/OaLog/queryLogRelation', { page: 1, limit: 10, customerIds: customer });
    expect(logs).toMatchObject({ code: 0, data: { totalRow: 1, list: [{ logId: log, content: '拜访了客户' }] } });
    const examines = await call('sunli', '/OaExamine/queryExamineRelation', {
      page: 1,
      limit: 10,
      customerIds: customer,
    });
    expect(examines.data.list).toEqual([
      expect.objectContaining({
        examineId: examine,
        causeTitle: '客户样品申请',
        customerList: [expect.objectContaining({ customerId: customer })],
      }),
    ]);
    // Another customer's lists do not carry them.
    const [other] = await queryRows<{ customer_id: number }>(
      t.database.db,
      sql`select customer_id from crm_customer where owner_user_id = ${ids.sunli!} and customer_id <> ${customer} limit 1`,
    );
    const none = await call('sunli', '/OaExamine/queryExamineRelation', { customerIds: Number(other!.customer_id) });
    expect(none.data).toMatchObject({ totalRow: 0, list: [] });
  });

  it("keeps to the viewer's scope: the supervisor reads the log, not an approval he has no part in", async () => {
    const logs = await call('zhaoqiang', '/OaLog/queryLogRelation', { customerIds: customer });
    expect(logIds(logs)).toEqual([log]);
    const examines = await call('zhaoqiang', '/OaExamine/queryExamineRelation', { customerIds: customer });
    expect(examineIds(examines)).toEqual([]);
    expect(examineIds(await call('admin', '/OaExamine/queryExamineRelation', { customerIds: customer }))).toEqual([
      examine,
    ]);
  });

  it('refuses a record the viewer may not read, an unknown record, no kind and two kinds', async () => {
    // Another salesperson does not read sunli's customer.
    expect(await call('zhenghao', '/OaExamine/queryExamineRelation', { customerIds: customer })).toMatchObject({
      code: 403,
    });
    expect(await call('zhenghao', '/OaLog/queryLogRelation', { customerIds: customer })).toMatchObject({ code: 403 });
    expect(await call('sunli', '/OaLog/queryLogRelation', { customerIds: 999999 })).toMatchObject({ code: 404 });
    const msg = '请指定关联的客户、联系人、商机或合同';
    expect(await call('sunli', '/OaLog/queryLogRelation', { page: 1, limit: 10 })).toMatchObject({ code: 400, msg });
    expect(
      await call('sunli', '/OaExamine/queryExamineRelation', { customerIds: customer, contractIds: 1 }),
    ).toMatchObject({ code: 400, msg });
    expect(await call('sunli', '/OaLog/queryLogRelation', { customerIds: 'true' })).toMatchObject({
      code: 400,
      msg: '关联记录有误',
    });
  });

  it('refuses people without the feature', async () => {
    const outsider = await signInNewUser('crmonly-rel', { roles: ['销售'], dept: '总经办' });
    expect(await t.post('/OaLog/queryLogRelation', { customerIds: customer }, outsider)).toMatchObject({ code: 403 });
    expect(await t.post('/OaExamine/queryExamineRelation', { customerIds: customer }, outsider)).toMatchObject({
      code: 403,
    });
  });
});
