import { companyDay } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';

// /crm/workbench's "my figures this month": 孙丽's own new customers, follow-ups, approved
// contract and receivables money against her targets; others' rows, drafts and last month's stay out.
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
const figures = async (who: string) => {
  const res = await call(who, '/crm/workbench/figures', {});
  expect(res.code).toBe(0);
  return res.data as Record<string, number | string | null>;
};
const today = companyDay(new Date());
const run = (q: ReturnType<typeof sql>) => queryRows<{ id: number }>(t.database.db, q);
let n = 0;
const customer = async (owner: number, createdAt = 'now()') =>
  (
    await run(sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, create_time)
      values (${`业绩客户${++n}`}, ${owner}, ${owner}, ${`fig-c-${n}`}, ${sql.raw(createdAt)})
      returning customer_id as id`)
  )[0]!.id;
const contract = async (owner: number, customerId: number, money: string, status: number, day = today) =>
  (
    await run(sql`insert into crm_contract (name, customer_id, money, order_date, check_status, owner_user_id,
        create_user_id, batch_id)
      values (${`业绩合同${++n}`}, ${customerId}, ${money}, ${day}::date, ${status}, ${owner}, ${owner}, ${`fig-k-${n}`})
      returning contract_id as id`)
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'liming']);
});
afterAll(() => t.close());

describe('/crm/workbench/figures', () => {
  it('counts my own rows of this month only, against my targets', async () => {
    const before = await figures('sunli');
    expect(before.month).toBe(today.slice(0, 7));

    const mine = await customer(ids.sunli!);
    await customer(ids.liming!);
    await customer(ids.sunli!, "now() - interval '45 days'");
    await run(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id)
      values (2, ${mine}, '打电话', '约了面谈', ${ids.sunli!}), (2, ${mine}, '打电话', '别人的跟进', ${ids.liming!})
      returning follow_id as id`);
    const signed = await contract(ids.sunli!, mine, '1200.50', 1);
    await contract(ids.sunli!, mine, '999.00', 5); // a draft
    await contract(ids.liming!, mine, '888.00', 1); // someone else's
    await contract(ids.sunli!, mine, '777.00', 1, '2020-01-15'); // another month
    await run(sql`insert into crm_receivables (customer_id, contract_id, return_time, money, check_status,
        owner_user_id, create_user_id, batch_id)
      values (${mine}, ${signed}, ${today}::date, '300.00', 1, ${ids.sunli!}, ${ids.sunli!}, 'fig-r-1'),
        (${mine}, ${signed}, ${today}::date, '50.00', 0, ${ids.sunli!}, ${ids.sunli!}, 'fig-r-2')
      returning receivables_id as id`);
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const months = Array.from({ length: 12 }, (_, i) => (i + 1 === month ? 5000 : 1));
    for (const status of [1, 2])
      expect(
        (
          await call('admin', '/achievement/setAchievement', {
            year,
            status,
            type: 2,
            list: [{ objId: ids.sunli!, months }],
          })
        ).code,
      ).toBe(0);

    const after = await figures('sunli');
    expect({
      newCustomers: Number(after.newCustomers) - Number(before.newCustomers),
      followUps: Number(after.followUps) - Number(before.followUps),
      contractMoney: Number(after.contractMoney) - Number(before.contractMoney),
      receivablesMoney: Number(after.receivablesMoney) - Number(before.receivablesMoney),
    }).toEqual({ newCustomers: 1, followUps: 1, contractMoney: 120050, receivablesMoney: 30000 });
    expect(after).toMatchObject({ contractTarget: 500000, receivablesTarget: 500000 });
  });

  it('answers null for money hidden from me by field permissions', async () => {
    const role = (await orgIds(t)).role.销售!;
    const hide = await call('admin', '/field/setFieldAuth', {
      roleId: role,
      label: 6,
      fields: [{ fieldName: 'money', authLevel: 1 }],
    });
    expect(hide.code).toBe(0);
    const seen = await figures('sunli');
    expect(seen.contractMoney).toBeNull();
    expect(typeof seen.receivablesMoney).toBe('number');
    await call('admin', '/field/setFieldAuth', {
      roleId: role,
      label: 6,
      fields: [{ fieldName: 'money', authLevel: 3 }],
    });
  });

  it('is refused to someone without any CRM list', async () => {
    await signInNewUser('nocrmfig', { roles: ['普通员工'], dept: '财务部' });
    expect(await call('nocrmfig', '/crm/workbench/figures', {})).toMatchObject({ code: 403 });
  });
});
