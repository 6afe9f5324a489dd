import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { customerPanel } from './test-support.ts';

/**
 * Deleting a customer (CrmCustomer/deleteByIds, the pool's delete) takes everything hanging on it
 * and on its contacts along, in one transaction: no follow-up, file, team place, log row, agency
 * task, contact–opportunity pair or work-log link is left pointing at a record that is gone.
 * Demo data: sunli (销售一部) creates, admin deletes.
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let n = 0;
const batch = () => `customer-delete-${++n}`;
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const count = async (q: ReturnType<typeof sql>) => {
  const [row] = await queryRows<{ n: number }>(t.database.db, q);
  return Number(row!.n);
};

const panel = (customerName: string, mobile: string) => customerPanel({ customerName, mobile });

/** A file row attached to `kind`/`id`, as a saved upload would be. */
const attach = async (ownerKind: string, ownerId: number) => {
  const key = `test/${batch()}`;
  await exec(sql`insert into sys_file (batch_id, name, size, mime, storage_key, create_user_id, owner_kind, owner_id)
                 values (${batch()}, 'a.txt', 1, 'text/plain', ${key}, ${uid.sunli}, ${ownerKind}, ${ownerId})`);
};

/** A customer with two contacts, follow-ups, files, a team member, an agency task and a work-log link. */
async function seededCustomer(name: string, mobile: string) {
  const saved = await post('sunli', '/CrmCustomer/addOrUpdate', panel(name, mobile));
  expect(saved.code).toBe(0);
  const customerId = saved.data.id as number;
  const contacts: number[] = [];
  for (const contact of [`${name}的家长`, `${name}的朋友`]) {
    const res = await post('sunli', '/CrmContacts/addOrUpdate', {
      entity: { name: contact, customerId, batchId: batch() },
      field: [],
    });
    expect(res.code).toBe(0);
    contacts.push(res.data.id);
    expect(
      (await post('sunli', '/CrmContacts/addRecord', { id: res.data.id, category: '打电话', content: '约复诊' })).code,
    ).toBe(0);
    await attach('crm_contacts', res.data.id);
  }
  expect(
    (await post('sunli', '/CrmCustomer/addRecord', { id: customerId, category: '打电话', content: '回访' })).code,
  ).toBe(0);
  await attach('crm_customer', customerId);
  expect(
    (await post('sunli', '/CrmCustomer/addMembers', { ids: [customerId], memberIds: [uid.zhoujie], power: 1 })).code,
  ).toBe(0);
  // The follow-ups' own files.
  for (const f of await queryRows<{ record_follow_id: number }>(
    t.database.db,
    sql`select f.follow_id as record_follow_id from crm_follow_record f
        where (f.label = 2 and f.record_id = ${customerId}) or (f.label = 3 and f.record_id in (${contacts[0]!}, ${contacts[1]!}))`,
  ))
    await attach('crm_follow', Number(f.record_follow_id));
  await exec(sql`insert into crm_customer_agency (customer_id, type_code, content, user_id, create_user_id)
                 values (${customerId}, 1, '术后回访', ${uid.sunli}, ${uid.sunli})`);
  await exec(sql`insert into oa_log_customer (log_id, customer_id) values (987654, ${customerId})`);
  return { customerId, contacts };
}

/** Rows anywhere that still point at the customer or its contacts. */
async function leftOver(customerId: number, contacts: number[]) {
  const [a, b] = contacts as [number, number];
  const follows = sql`select f.follow_id from crm_follow_record f
    where (f.label = 2 and f.record_id = ${customerId}) or (f.label = 3 and f.record_id in (${a}, ${b}))`;
  return {
    customer: await count(sql`select count(*)::int as n from crm_customer where customer_id = ${customerId}`),
    contacts: await count(sql`select count(*)::int as n from crm_contacts where contacts_id in (${a}, ${b})`),
    followUps: await count(sql`select count(*)::int as n from (${follows}) x`),
    files: await count(
      sql`select count(*)::int as n from sys_file where (owner_kind = 'crm_customer' and owner_id = ${customerId})
          or (owner_kind = 'crm_contacts' and owner_id in (${a}, ${b}))`,
    ),
    team: await count(
      sql`select count(*)::int as n from crm_team_member where (label = 2 and record_id = ${customerId})
          or (label = 3 and record_id in (${a}, ${b}))`,
    ),
    log: await count(
      sql`select count(*)::int as n from crm_action_record where (label = 2 and record_id = ${customerId})
          or (label = 3 and record_id in (${a}, ${b}))`,
    ),
    agency: await count(sql`select count(*)::int as n from crm_customer_agency where customer_id = ${customerId}`),
    workLogLinks: await count(sql`select count(*)::int as n from oa_log_customer where customer_id = ${customerId}`),
    pairs: await count(sql`select count(*)::int as n from crm_contacts_business where contacts_id in (${a}, ${b})`),
  };
}
const none = {
  customer: 0,
  contacts: 0,
  followUps: 0,
  files: 0,
  team: 0,
  log: 0,
  agency: 0,
  workLogLinks: 0,
  pairs: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli']);
});
afterAll(() => t.close());

describe('deleting a customer leaves no orphans', () => {
  it('CrmCustomer/deleteByIds removes its contacts and everything on both', async () => {
    const { customerId, contacts } = await seededCustomer('删除客户甲', '13700001111');
    const file = sql`select count(*)::int as n from sys_file where owner_kind = 'crm_follow'`;
    const followFilesBefore = await count(file);
    const before = await leftOver(customerId, contacts);
    // The seed put something in every place the deletion must empty.
    expect(before).toMatchObject({
      customer: 1,
      contacts: 2,
      followUps: 3,
      files: 3,
      team: 1,
      agency: 1,
      workLogLinks: 1,
    });
    expect(before.log).toBeGreaterThan(0);

    const res = await post('admin', '/CrmCustomer/deleteByIds', { ids: [customerId] });
    expect(res.code).toBe(0);
    expect(await leftOver(customerId, contacts)).toEqual(none);
    expect(await count(file)).toBe(followFilesBefore - 3);
  });

  it('a refused deletion (the customer has a contract) leaves everything in place: one transaction', async () => {
    const { customerId, contacts } = await seededCustomer('删除客户乙', '13700002222');
    const before = await leftOver(customerId, contacts);
    const contract = await post('sunli', '/CrmContract/saveAndUpdate', {
      entity: { num: 'HT-DEL-1', name: '护理合同', customerId, money: '100', checkStatus: 5, batchId: batch() },
      field: [],
    });
    expect(contract.code).toBe(0);
    expect((await post('admin', '/CrmCustomer/deleteByIds', { ids: [customerId] })).msg).toBe(
      '该客户下有合同，不能删除',
    );
    expect(await leftOver(customerId, contacts)).toEqual(before);
  });

  it('the pool’s delete goes the same way', async () => {
    const { customerId, contacts } = await seededCustomer('删除客户丙', '13700003333');
    await exec(sql`update crm_customer set owner_user_id = null where customer_id = ${customerId}`);
    const res = await post('admin', '/CrmCustomerPool/deleteByIds', { ids: [customerId] });
    expect(res.code).toBe(0);
    expect(await leftOver(customerId, contacts)).toEqual(none);
  });
});
