import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { kindCalls } from '../records/test-support.ts';

/**
 * The lead calls (docs/api/leads.md) on the demo users: sunli and zhenghao are salespeople
 * (scope: their own), zhaoqiang manages sunli's department (may transfer and convert), chenjing
 * (finance) has no lead permission.
 */
let t: TestApp;
const { tokens: tok, ids: uid, call, signIn } = people(() => t);
const { post, batch, create } = kindCalls(call, 'CrmLeads');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'zhaoqiang', 'chenjing']);
});
afterAll(() => t.close());

describe('CrmLeads/addOrUpdate', () => {
  it('creates a lead owned by its creator and edits it', async () => {
    const id = await create('sunli', { name: '刘芳芳', mobile: '13911112222', source: '广告' });
    const read = await post('sunli', 'queryById', { id });
    expect(read.data.record).toMatchObject({
      leadsId: id,
      name: '刘芳芳',
      mobile: '13911112222',
      source: '广告',
      ownerUserId: uid.sunli,
      isTransform: false,
    });
    const edit = await post('sunli', 'addOrUpdate', {
      entity: { leadsId: id, batchId: read.data.record.batchId, name: '刘芳', mobile: '13911112222' },
      field: [],
    });
    expect(edit.code).toBe(0);
    expect((await post('sunli', 'queryById', { id })).data.record.name).toBe('刘芳');
  });

  it('makes a double click one lead', async () => {
    const body = { entity: { batchId: batch(), name: '双击线索' }, field: [] };
    const [a, b] = await Promise.all([post('sunli', 'addOrUpdate', body), post('sunli', 'addOrUpdate', body)]);
    expect(a.data.id).toBe(b.data.id);
  });

  it.each([
    [{ name: '' }, '线索名称不能为空'],
    [{ name: '甲', mobile: '12ab' }, '手机格式有误'],
    [{ name: '甲', email: 'a@b' }, '邮箱格式有误'],
    [{ name: '甲'.repeat(51) }, '线索名称不能超过50个字符'],
  ])('refuses %j with %s', async (entity, msg) => {
    const res = await post('sunli', 'addOrUpdate', { entity: { batchId: batch(), ...entity }, field: [] });
    expect(res.msg).toBe(msg);
  });

  it('refuses without the permission, out of scope and for an unknown lead', async () => {
    expect((await post('chenjing', 'addOrUpdate', { entity: { batchId: batch(), name: '甲' } })).msg).toBe('无权访问');
    const id = await create('sunli', { name: '孙的线索' });
    const other = await post('zhenghao', 'addOrUpdate', { entity: { leadsId: id, batchId: batch(), name: '改' } });
    expect(other.msg).toBe('无权访问');
    const none = await post('sunli', 'addOrUpdate', { entity: { leadsId: 999999, batchId: batch(), name: '改' } });
    expect(none.msg).toBe('线索不存在');
  });
});

describe('CrmLeads lists, detail, delete, owner change, follow-ups', () => {
  it('lists the viewer scope only and finds a lead by pinyin', async () => {
    const mine = await create('sunli', { name: '钱多多' });
    const theirs = await create('zhenghao', { name: '钱少少' });
    const list = await post('sunli', 'queryPageList', { page: 1, limit: 50, search: 'qian' });
    const ids = list.data.list.map((r: { leadsId: number }) => r.leadsId);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const boss = await post('zhaoqiang', 'queryPageList', { page: 1, limit: 50, search: '钱' });
    expect(boss.data.list.map((r: { leadsId: number }) => r.leadsId)).toContain(mine);
    expect((await post('chenjing', 'queryPageList', { page: 1, limit: 15 })).msg).toBe('无权访问');
  });

  it('answers the detail in scope only', async () => {
    const id = await create('sunli', { name: '详情线索' });
    expect((await post('zhenghao', 'queryById', { id })).msg).toBe('无权访问');
    expect((await post('sunli', 'queryById', { id: 999999 })).msg).toBe('线索不存在');
  });

  it('changes the owner with changeOwnerUser (crm:leads:transfer)', async () => {
    const id = await create('sunli', { name: '转移线索' });
    const body = { ids: [id], newOwnerUserId: uid.zhenghao, transferType: 1, power: 1 };
    expect((await post('sunli', 'changeOwnerUser', body)).msg).toBe('无权访问');
    expect((await post('zhaoqiang', 'changeOwnerUser', body)).code).toBe(0);
    expect((await post('zhenghao', 'queryById', { id })).data.record.ownerUserId).toBe(uid.zhenghao);
    expect((await post('zhaoqiang', 'changeOwnerUser', { ...body, ids: [999999] })).msg).toBe('线索不存在');
  });

  it("adds and lists follow-ups, the next time becoming the lead's", async () => {
    const id = await create('sunli', { name: '跟进线索' });
    const add = await post('sunli', 'addRecord', {
      id,
      category: '打电话',
      content: '约了下周',
      nextTime: '2026-12-01 10:00',
    });
    expect(add.code).toBe(0);
    expect((await post('sunli', 'addRecord', { id, category: '打电话', content: '' })).msg).toBe('请输入跟进内容');
    expect((await post('zhenghao', 'addRecord', { id, category: '打电话', content: '无权' })).msg).toBe('无权访问');
    const list = await post('sunli', 'getRecord', { id, page: 1, limit: 10 });
    expect(list.data.list.map((f: { content: string }) => f.content)).toEqual(['约了下周']);
    expect((await post('sunli', 'queryById', { id })).data.record.nextTime).toBe('2026-12-01 10:00:00');
  });

  it('deletes with crm:leads:delete only', async () => {
    const id = await create('sunli', { name: '删除线索' });
    expect((await post('sunli', 'deleteByIds', { ids: [id] })).msg).toBe('无权访问');
    expect((await post('admin', 'deleteByIds', { ids: [id] })).code).toBe(0);
    expect((await post('admin', 'queryById', { id })).msg).toBe('线索不存在');
  });
});

describe('CrmLeads/transfer (convert into a customer)', () => {
  it('makes a customer, moves the follow-ups, marks the lead and lists it as converted', async () => {
    const id = await create('sunli', { name: '转化线索', mobile: '13700001111' });
    await post('sunli', 'addRecord', { id, category: '上门拜访', content: '很有意向', nextTime: '2026-12-02 09:00' });
    const res = await post('sunli', 'transfer', { leadsIds: [id] });
    expect(res.msg).toBe('success');
    const customerId = res.data.list[0].customerId as number;
    expect(res.data.list).toEqual([{ leadsId: id, customerId }]);

    const customer = await t.post('/CrmCustomer/queryById', { id: customerId }, tok.sunli);
    expect(customer.data.record).toMatchObject({
      customerName: '转化线索',
      mobile: '13700001111',
      ownerUserId: uid.sunli,
      nextTime: '2026-12-02 09:00:00',
    });
    const follows = await t.post('/CrmCustomer/getRecord', { id: customerId, page: 1, limit: 10 }, tok.sunli);
    expect(follows.data.list.map((f: { content: string }) => f.content)).toEqual(['很有意向']);
    expect((await post('sunli', 'getRecord', { id, page: 1, limit: 10 })).data.totalRow).toBe(0);

    const lead = (await post('sunli', 'queryById', { id })).data.record;
    expect(lead).toMatchObject({ isTransform: true, customerId });
    const all = await post('sunli', 'queryPageList', { page: 1, limit: 100, sceneId: -1 });
    expect(all.data.list.map((r: { leadsId: number }) => r.leadsId)).not.toContain(id);
    const converted = await post('sunli', 'queryPageList', { page: 1, limit: 100, sceneId: -5 });
    expect(converted.data.list.map((r: { leadsId: number }) => r.leadsId)).toContain(id);
    const scenes = await post('sunli', 'queryScene', {});
    expect(scenes.data.map((s: { name: string }) => s.name)).toEqual([
      '全部',
      '我负责的',
      '下属负责的',
      '已转化的线索',
      '待跟进的线索',
    ]);

    const edit = await post('sunli', 'addOrUpdate', { entity: { leadsId: id, batchId: lead.batchId, name: '再改' } });
    expect(edit.msg).toBe('线索已转化为客户，不能编辑');
    expect((await post('sunli', 'transfer', { leadsIds: [id] })).msg).toBe('线索已转化为客户');
  });

  it('refuses without crm:leads:transform, out of scope, unknown and empty', async () => {
    const id = await create('sunli', { name: '不能转化' });
    expect((await post('chenjing', 'transfer', { leadsIds: [id] })).msg).toBe('无权访问');
    expect((await post('zhenghao', 'transfer', { leadsIds: [id] })).msg).toBe('无权访问');
    expect((await post('sunli', 'transfer', { leadsIds: [999999] })).msg).toBe('线索不存在');
    expect((await post('sunli', 'transfer', { leadsIds: [] })).msg).toBe('请选择线索');
    expect((await post('sunli', 'queryById', { id })).data.record.isTransform).toBe(false);
  });
});

describe('CrmBackLog/num followLeads', () => {
  it("counts the viewer's leads whose next follow-up is due, not converted ones", async () => {
    const before = (await t.post('/CrmBackLog/num', {}, tok.zhenghao)).data.followLeads as number;
    const due = await create('zhenghao', { name: '到期线索' });
    const later = await create('zhenghao', { name: '未到期线索' });
    await t.database.db.execute(
      sql`update crm_leads set next_time = now() - interval '1 hour' where leads_id = ${due}`,
    );
    await t.database.db.execute(
      sql`update crm_leads set next_time = now() + interval '3 days' where leads_id = ${later}`,
    );
    expect((await t.post('/CrmBackLog/num', {}, tok.zhenghao)).data.followLeads).toBe(before + 1);
    await post('zhenghao', 'transfer', { leadsIds: [due] });
    expect((await t.post('/CrmBackLog/num', {}, tok.zhenghao)).data.followLeads).toBe(before);
    expect((await t.post('/CrmBackLog/num', {}, tok.chenjing)).data.followLeads).toBe(0);
  });
});
