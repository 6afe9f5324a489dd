import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';
import { importFinished, uploadImport, workbookOf } from '../records/excel/test-support.ts';
import { kindCalls } from '../records/test-support.ts';

/**
 * The contact calls (docs/api/contacts.md) and the customer's queryContacts, on the demo
 * customers: sunli owns 林婉清, zhenghao owns 孙晓雅; zhaoqiang manages sunli; chenjing
 * (finance) has no contact permission.
 */
let t: TestApp;
const { tokens: tok, ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
const { post, batch, create } = kindCalls(call, 'CrmContacts');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'sunli', 'zhenghao', 'zhaoqiang', 'chenjing']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('CrmContacts/addOrUpdate', () => {
  it('creates a contact of a customer, with the key decision-maker flag, and edits it', async () => {
    const id = await create('sunli', {
      name: '林父',
      customerId: cid.林婉清,
      mobile: '13600001111',
      policymaker: true,
      post: '家长',
    });
    const read = await post('sunli', 'queryById', { id });
    expect(read.data.record).toMatchObject({
      contactsId: id,
      name: '林父',
      customerId: cid.林婉清,
      policymaker: true,
      post: '家长',
      ownerUserId: uid.sunli,
    });
    const edit = await post('sunli', 'addOrUpdate', {
      entity: {
        contactsId: id,
        batchId: read.data.record.batchId,
        name: '林父',
        customerId: cid.林婉清,
        policymaker: '否',
      },
      field: [],
    });
    expect(edit.msg).toBe('success');
    expect((await post('sunli', 'queryById', { id })).data.record.policymaker).toBe(false);
  });

  it.each([
    [{ name: '', customerId: 1 }, '姓名不能为空'],
    [{ name: '甲' }, '客户名称不能为空'],
    [{ name: '甲', customerId: 1, mobile: 'abc' }, '手机格式有误'],
    [{ name: '甲', customerId: 1, email: 'x@' }, '邮箱格式有误'],
  ])('refuses %j with %s', async (entity, msg) => {
    const res = await post('sunli', 'addOrUpdate', { entity: { batchId: batch(), ...entity }, field: [] });
    expect(res.msg).toBe(msg);
  });

  it('refuses without the permission, a customer out of scope, unknown customer or contact', async () => {
    const entity = { batchId: batch(), name: '甲', customerId: cid.林婉清 };
    expect((await post('chenjing', 'addOrUpdate', { entity, field: [] })).msg).toBe('无权访问');
    expect((await post('zhenghao', 'addOrUpdate', { entity, field: [] })).msg).toBe('无权访问');
    expect((await post('sunli', 'addOrUpdate', { entity: { ...entity, customerId: 999999 } })).msg).toBe('客户不存在');
    const none = await post('sunli', 'addOrUpdate', { entity: { ...entity, batchId: batch(), contactsId: 999999 } });
    expect(none.msg).toBe('联系人不存在');
  });
});

describe('CrmContacts lists, detail, delete, transfer, follow-ups', () => {
  it('lists the viewer scope with the default columns', async () => {
    const mine = await create('sunli', { name: '列表联系人', customerId: cid.林婉清 });
    const theirs = await create('zhenghao', { name: '别人的联系人', customerId: cid.孙晓雅 });
    const list = await post('sunli', 'queryPageList', { page: 1, limit: 100 });
    const ids = list.data.list.map((r: { contactsId: number }) => r.contactsId);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const row = list.data.list.find((r: { contactsId: number }) => r.contactsId === mine);
    expect(row.customerName).toBe('林婉清');
    const head = await post('sunli', 'queryListHead', {});
    expect(head.data.filter((c: { hidden?: boolean }) => !c.hidden).map((c: { key: string }) => c.key)).toEqual([
      'name',
      'mobile',
      'telephone',
      'policymaker',
      'post',
      // The kind's computed column follows the spec's defaults, as the machinery shows them.
      'customerName',
    ]);
    expect((await post('chenjing', 'queryPageList', { page: 1, limit: 15 })).msg).toBe('无权访问');
  });

  it('answers the detail in scope only', async () => {
    const id = await create('sunli', { name: '详情联系人', customerId: cid.林婉清 });
    expect((await post('zhenghao', 'queryById', { id })).msg).toBe('无权访问');
    expect((await post('sunli', 'queryById', { id: 999999 })).msg).toBe('联系人不存在');
  });

  it('transfers with crm:contacts:transfer, and follow-ups work', async () => {
    const id = await create('sunli', { name: '转移联系人', customerId: cid.林婉清 });
    const body = { ids: [id], newOwnerUserId: uid.zhenghao, transferType: 1, power: 1 };
    expect((await post('sunli', 'transfer', body)).msg).toBe('无权访问');
    expect((await post('zhaoqiang', 'transfer', body)).msg).toBe('success');
    expect((await post('zhenghao', 'queryById', { id })).data.record.ownerUserId).toBe(uid.zhenghao);
    expect((await post('zhenghao', 'addRecord', { id, category: '打电话', content: '已联系' })).msg).toBe('success');
    expect((await post('sunli', 'getRecord', { id, page: 1, limit: 10 })).msg).toBe('无权访问');
    expect((await post('zhenghao', 'getRecord', { id, page: 1, limit: 10 })).data.totalRow).toBe(1);
  });

  it('deletes with crm:contacts:delete only', async () => {
    const id = await create('sunli', { name: '删除联系人', customerId: cid.林婉清 });
    expect((await post('sunli', 'deleteByIds', { ids: [id] })).msg).toBe('无权访问');
    expect((await post('admin', 'deleteByIds', { ids: [id] })).msg).toBe('success');
    expect((await post('admin', 'queryById', { id })).msg).toBe('联系人不存在');
  });
});

describe('CrmCustomer/queryContacts and the customer transfer', () => {
  it("answers a customer's contacts in scope, refused out of scope and unknown", async () => {
    const a = await create('sunli', { name: '客户甲联系人', customerId: cid.陈雨桐 });
    const res = await t.post('/CrmCustomer/queryContacts', { customerId: cid.陈雨桐 }, tok.sunli);
    expect(res.data.list.map((r: { contactsId: number }) => r.contactsId)).toEqual([a]);
    expect((await t.post('/CrmCustomer/queryContacts', { customerId: cid.陈雨桐 }, tok.zhenghao)).msg).toBe('无权访问');
    expect((await t.post('/CrmCustomer/queryContacts', { customerId: 999999 }, tok.sunli)).msg).toBe('客户不存在');
    expect((await t.post('/CrmCustomer/queryContacts', { customerId: cid.陈雨桐 }, tok.chenjing)).msg).toBe('无权访问');
  });

  it("carries a customer's contacts to its new owner", async () => {
    const a = await create('sunli', { name: '随客户转移', customerId: cid.陈雨桐 });
    const moved = await t.post(
      '/CrmCustomer/transfer',
      { ids: [cid.陈雨桐], newOwnerUserId: uid.zhenghao, transferType: 1, power: 1 },
      tok.zhaoqiang,
    );
    expect(moved.msg).toBe('success');
    expect((await post('zhenghao', 'queryById', { id: a })).data.record.ownerUserId).toBe(uid.zhenghao);
  });
});

describe('CrmContacts/excelImport', () => {
  it('finds each row’s customer by name and reports rows whose customer is unknown or missing', async () => {
    const bytes = await workbookOf(
      [
        ['*姓名', '*客户名称', '手机', '是否关键决策人', '职务'],
        ['导入联系人甲', '林婉清', '13600009001', '是', '经理'],
        ['导入联系人乙', '不存在的客户', '', '', ''],
        ['导入联系人丙', '', '', '', ''],
      ],
      '联系人',
    );
    const started = await uploadImport(t, 'CrmContacts', tok.wangzong, bytes, '联系人.xlsx');
    expect(started.code).toBe(0);
    const res = await importFinished(t, 'CrmContacts', tok.wangzong, started.data.jobId);
    expect(res.data).toMatchObject({
      total: 3,
      imported: 1,
      rejected: [
        { row: 3, reason: '客户不存在' },
        { row: 4, reason: '客户名称不能为空' },
      ],
    });
    const rows = await queryRows<{ customer_id: number; policymaker: boolean }>(
      t.database.db,
      sql`select customer_id, policymaker from crm_contacts where name = '导入联系人甲'`,
    );
    expect(rows).toEqual([{ customer_id: cid.林婉清, policymaker: true }]);
  });
});
