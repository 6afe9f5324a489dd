import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * The contacts ↔ opportunities relation (crm-records §7; docs/api/contacts.md, business.md).
 * Personas (seed): sunli owns 林婉清, zhenghao owns 孙晓雅 (each sees only their own records);
 * chenjing (finance) has neither contact nor opportunity permissions.
 */
let t: TestApp;
const { tokens: tok, signIn } = people(() => t);
let cid: Record<string, number>;
let n = 0;
const batch = () => `relation-test-${++n}-${Date.now()}`;
const as = (who: string) => (url: string, body: unknown) => t.post(url, body, tok[who]);
let typeId = 0;
let stageId = 0;

const contact = async (who: string, name: string, customer: string) => {
  const res = await as(who)('/CrmContacts/addOrUpdate', {
    entity: { batchId: batch(), name, customerId: cid[customer] },
    field: [],
  });
  expect(res.msg).toBe('success');
  return res.data.id as number;
};
const business = async (who: string, name: string, customer: string) => {
  const res = await as(who)('/CrmBusiness/addOrUpdate', {
    entity: {
      batchId: batch(),
      businessName: name,
      customerId: cid[customer],
      typeId,
      statusId: stageId,
      totalPrice: 0,
      discountRate: 0,
    },
    field: [],
    product: [],
  });
  expect(res.msg).toBe('success');
  return res.data.id as number;
};
const names = (page: { list: Record<string, unknown>[] }, field: string) => page.list.map((r) => r[field]).sort();

let c1 = 0;
let c2 = 0;
let b1 = 0;
let b2 = 0;
let b3 = 0;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhenghao', 'chenjing']);
  cid = await customerIds(t);
  const options = await as('sunli')('/CrmBusiness/queryBusinessStatusOptions', {});
  typeId = options.data[0].typeId;
  stageId = options.data[0].statusList[0].statusId;
  c1 = await contact('sunli', '林父', '林婉清');
  c2 = await contact('zhenghao', '孙母', '孙晓雅');
  b1 = await business('sunli', '林婉清的水光疗程', '林婉清');
  b2 = await business('sunli', '林婉清的填充疗程', '林婉清');
  b3 = await business('zhenghao', '孙晓雅的疗程', '孙晓雅');
});
afterAll(() => t.close());

describe('relating contacts and opportunities', () => {
  it('relates from the contact, idempotently, and both sides list the other', async () => {
    const rel = await as('sunli')('/CrmContacts/relateBusiness', { contactsId: c1, businessIds: [b1, b2] });
    expect(rel).toMatchObject({ code: 0, msg: 'success', data: null });
    // Relating again is a no-op, not a failure nor a second row.
    expect((await as('sunli')('/CrmContacts/relateBusiness', { contactsId: c1, businessIds: [b1] })).code).toBe(0);
    const ofContact = await as('sunli')('/CrmContacts/queryBusiness', { contactsId: c1, page: 1, limit: 10 });
    expect(ofContact.data.totalRow).toBe(2);
    expect(names(ofContact.data, 'businessName')).toEqual(['林婉清的填充疗程', '林婉清的水光疗程']);
    expect(ofContact.data.list[0]).toHaveProperty('customerName', '林婉清');
    const ofBusiness = await as('sunli')('/CrmBusiness/queryContacts', { businessId: b1, page: 1, limit: 10 });
    expect(names(ofBusiness.data, 'name')).toEqual(['林父']);
    expect(ofBusiness.data.list[0]).toHaveProperty('customerName', '林婉清');
  });

  it('unrelates from the opportunity', async () => {
    const res = await as('sunli')('/CrmBusiness/unrelateContacts', { businessId: b2, contactsIds: [c1] });
    expect(res.code).toBe(0);
    const ofContact = await as('sunli')('/CrmContacts/queryBusiness', { contactsId: c1, page: 1, limit: 10 });
    expect(names(ofContact.data, 'businessName')).toEqual(['林婉清的水光疗程']);
    expect((await as('sunli')('/CrmBusiness/queryContacts', { businessId: b2 })).data.totalRow).toBe(0);
  });

  it('relates from the opportunity and unrelates from the contact', async () => {
    expect((await as('sunli')('/CrmBusiness/relateContacts', { businessId: b2, contactsIds: [c1] })).code).toBe(0);
    expect((await as('sunli')('/CrmContacts/queryBusiness', { contactsId: c1 })).data.totalRow).toBe(2);
    expect((await as('sunli')('/CrmContacts/unrelateBusiness', { contactsId: c1, businessIds: [b2] })).code).toBe(0);
    expect((await as('sunli')('/CrmContacts/queryBusiness', { contactsId: c1 })).data.totalRow).toBe(1);
  });

  it.each([
    ['/CrmContacts/relateBusiness', () => ({ contactsId: c1, businessIds: [] }), '请选择商机'],
    ['/CrmBusiness/relateContacts', () => ({ businessId: b1, contactsIds: [] }), '请选择联系人'],
    ['/CrmContacts/unrelateBusiness', () => ({ contactsId: c1 }), '请选择商机'],
  ])('%s refuses an empty selection', async (url, body, msg) => {
    const res = await as('sunli')(url, body());
    expect(res.msg).toBe(msg);
  });

  it.each([
    ['/CrmContacts/relateBusiness', () => ({ contactsId: c1, businessIds: [b1] })],
    ['/CrmBusiness/relateContacts', () => ({ businessId: b1, contactsIds: [c1] })],
    ['/CrmContacts/queryBusiness', () => ({ contactsId: c1 })],
    ['/CrmBusiness/queryContacts', () => ({ businessId: b1 })],
  ])('%s is refused without the permission', async (url, body) => {
    expect(await as('chenjing')(url, body())).toMatchObject({ code: 403, msg: '无权访问' });
  });

  it.each([
    [
      'another salesperson’s opportunity',
      '/CrmContacts/relateBusiness',
      () => ({ contactsId: c1, businessIds: [b1, b3] }),
    ],
    ['another salesperson’s contact', '/CrmBusiness/relateContacts', () => ({ businessId: b1, contactsIds: [c2] })],
    ['from another’s contact', '/CrmContacts/unrelateBusiness', () => ({ contactsId: c2, businessIds: [b1] })],
    ['listing another’s contact', '/CrmContacts/queryBusiness', () => ({ contactsId: c2 })],
    ['listing another’s opportunity', '/CrmBusiness/queryContacts', () => ({ businessId: b3 })],
  ])('refuses %s (out of scope)', async (_, url, body) => {
    expect(await as('sunli')(url, body())).toMatchObject({ code: 403, msg: '无权访问' });
    // Nothing was related by a refused call.
    expect((await as('zhenghao')('/CrmBusiness/queryContacts', { businessId: b3 })).data.totalRow).toBe(0);
  });

  it.each([
    ['/CrmContacts/relateBusiness', () => ({ contactsId: 99999999, businessIds: [b1] }), '联系人不存在'],
    ['/CrmContacts/relateBusiness', () => ({ contactsId: c1, businessIds: [99999999] }), '商机不存在'],
    ['/CrmBusiness/unrelateContacts', () => ({ businessId: 99999999, contactsIds: [c1] }), '商机不存在'],
    ['/CrmBusiness/queryContacts', () => ({ businessId: 99999999 }), '商机不存在'],
    ['/CrmContacts/queryBusiness', () => ({ contactsId: 99999999 }), '联系人不存在'],
  ])('%s answers a missing record with %s', async (url, body, msg) => {
    expect(await as('sunli')(url, body())).toMatchObject({ code: 404, msg });
  });

  it('a deleted opportunity leaves the relation with it', async () => {
    // Salespeople may not delete opportunities: the foreign key's cascade is what is tested.
    await t.database.db.execute(sql`delete from crm_business where business_id = ${b1}`);
    expect((await as('sunli')('/CrmContacts/queryBusiness', { contactsId: c1 })).data.totalRow).toBe(0);
    const left = await queryRows(t.database.db, sql`select 1 from crm_contacts_business where business_id = ${b1}`);
    expect(left).toHaveLength(0);
  });
});
