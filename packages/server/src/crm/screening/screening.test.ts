import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, orgIds, people } from '../../test/people.ts';

/**
 * 客户查重 (`/crm/screening/query`, docs/api/screening.md) on the demo users: sunli (销售, scope
 * self) searches records zhenghao owns and the pool; huangmin has no CRM right. 孙晓雅 is
 * zhenghao's customer, 吴静怡 is in the pool.
 */
let t: TestApp;
const { call, signIn, ids } = people(() => t);
let cid: Record<string, number>;
const nextBatch = batchIds('screening');
const ID_CARD = '11010119850101002X';
const LEAD_PHONE = '13766661111';
const CONTACT_PHONE = '13766662222';
let leadId: number;
let contactId: number;

type Row = {
  kind: string;
  id: number;
  name: string;
  matchedField: string;
  matchedValue: string;
  ownerUserName: string;
  ownerDeptName: string;
  pool: boolean;
  canRead: boolean;
  createTime: string;
};
type Group = { kind: string; total: number; list: Row[] };
const query = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, '/crm/screening/query', body);
  expect([res.code, res.msg]).toEqual([0, 'success']);
  return res.data.groups as Group[];
};
const rowsOf = (groups: Group[], kind: string) => groups.find((g) => g.kind === kind)?.list ?? [];

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'huangmin']);
  cid = await customerIds(t);
  await t.database.db.execute(sql`update crm_customer set id_card = ${ID_CARD} where customer_id = ${cid.孙晓雅}`);
  const lead = await call('zhenghao', '/CrmLeads/addOrUpdate', {
    entity: { name: '查重线索', mobile: LEAD_PHONE, batchId: nextBatch() },
    field: [],
  });
  const contact = await call('zhenghao', '/CrmContacts/addOrUpdate', {
    entity: { name: '查重联系人', customerId: cid.孙晓雅, mobile: CONTACT_PHONE, batchId: nextBatch() },
    field: [],
  });
  expect([lead.code, contact.code]).toEqual([0, 0]);
  leadId = lead.data.id;
  contactId = contact.data.id;
});
afterAll(() => t.close());

describe('/crm/screening/query', () => {
  it("finds another owner's lead and contact by phone, with owner and department, not openable", async () => {
    const [dept] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select d.name from sys_user u join sys_dept d on d.dept_id = u.dept_id where u.user_id = ${ids.zhenghao}`,
    );
    const lead = rowsOf(await query('sunli', { keyword: LEAD_PHONE }), 'leads');
    expect(lead).toEqual([
      {
        kind: 'leads',
        id: leadId,
        name: '查重线索',
        matchedField: 'mobile',
        matchedValue: LEAD_PHONE,
        ownerUserId: ids.zhenghao,
        ownerUserName: '郑浩',
        ownerDeptName: dept!.name,
        pool: false,
        createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        canRead: false,
      },
    ]);
    const groups = await query('sunli', { keyword: CONTACT_PHONE, types: ['contacts'] });
    expect(groups.map((g) => g.kind)).toEqual(['contacts']);
    expect(groups[0]).toMatchObject({ total: 1, list: [{ id: contactId, name: '查重联系人', canRead: false }] });
    // The owner opens their own record.
    expect(rowsOf(await query('zhenghao', { keyword: LEAD_PHONE }), 'leads')[0]?.canRead).toBe(true);
  });

  it('finds a customer by ID number (an x typed in lower case too), and a phone only whole', async () => {
    for (const keyword of [ID_CARD, ID_CARD.toLowerCase()]) {
      expect(rowsOf(await query('sunli', { keyword }), 'customer')).toMatchObject([
        { id: cid.孙晓雅, name: '孙晓雅', matchedField: 'idCard', matchedValue: ID_CARD, ownerUserName: '郑浩' },
      ]);
    }
    const groups = await query('sunli', { keyword: LEAD_PHONE.slice(0, 7) });
    expect(groups.map((g) => g.total)).toEqual([0, 0, 0]);
  });

  it('finds by a part of the name and by pinyin or initials, the pool included', async () => {
    const byName = rowsOf(await query('sunli', { keyword: '孙晓' }), 'customer');
    expect(byName).toMatchObject([{ id: cid.孙晓雅, matchedField: 'name', matchedValue: '孙晓雅', pool: false }]);
    for (const keyword of ['sunxiaoya', 'sxy', 'XiaoYa']) {
      expect(rowsOf(await query('sunli', { keyword }), 'customer').map((r) => r.id)).toContain(cid.孙晓雅);
    }
    // 吴静怡 is in the pool: no owner, and sunli (who may browse the pool) opens it.
    expect(rowsOf(await query('sunli', { keyword: '吴静怡' }), 'customer')).toMatchObject([
      { id: cid.吴静怡, pool: true, ownerUserId: null, ownerUserName: '', ownerDeptName: '', canRead: true },
    ]);
  });

  it('matches a number hidden from the viewer but answers it masked', async () => {
    const role = (await orgIds(t)).role.销售!;
    const hide = await call('admin', '/field/setFieldAuth', {
      roleId: role,
      label: 2,
      fields: [
        { fieldName: 'mobile', authLevel: 1 },
        { fieldName: 'idCard', authLevel: 1 },
      ],
    });
    expect(hide.code).toBe(0);
    const [row] = await queryRows<{ mobile: string }>(
      t.database.db,
      sql`select mobile from crm_customer where customer_id = ${cid.孙晓雅}`,
    );
    const phone = row!.mobile;
    for (const [keyword, field] of [
      [phone, 'mobile'],
      [ID_CARD, 'idCard'],
    ] as const) {
      const res = await call('sunli', '/crm/screening/query', { keyword });
      const found = rowsOf(res.data.groups, 'customer').find((r) => r.id === cid.孙晓雅);
      expect(found).toMatchObject({ matchedField: field, name: '孙晓雅' });
      expect(found!.matchedValue).not.toBe(keyword);
      expect(JSON.stringify(res)).not.toContain(keyword);
    }
    const masked = rowsOf(await query('sunli', { keyword: phone }), 'customer')[0]!.matchedValue;
    expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    // A search by name answers no phone at all.
    expect(JSON.stringify(await query('sunli', { keyword: '孙晓雅' }))).not.toContain(phone);
  });

  it('refuses a short keyword, an unknown kind, a body of unknown fields and a user without the right', async () => {
    for (const keyword of ['孙', ' a ', '']) {
      expect(await call('sunli', '/crm/screening/query', { keyword })).toMatchObject({
        code: 400,
        msg: '请输入至少2个字的姓名、手机号或证件号',
      });
    }
    expect(await call('sunli', '/crm/screening/query', { keyword: '孙\u0000晓' })).toMatchObject({
      code: 400,
      msg: '查询内容不能包含控制字符',
    });
    expect(await call('sunli', '/crm/screening/query', raw({ keyword: '孙晓', types: ['product'] }))).toMatchObject({
      code: 400,
      msg: '查重范围只能是客户、线索或联系人',
    });
    expect(await call('sunli', '/crm/screening/query', raw({ mobile: LEAD_PHONE }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
    expect(await call('huangmin', '/crm/screening/query', { keyword: '孙晓雅' })).toMatchObject({ code: 403 });
  });
});
