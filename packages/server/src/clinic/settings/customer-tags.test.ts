import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/** Customer tags: set on a customer the user may change, shown and filtered on the customer list. */
let t: TestApp;
let customer: Record<string, number>;
let tag: Record<string, number>;
const { call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'chenjing']);
  customer = await customerIds(t);
  const tags = await call('admin', '/clinicSettings/tag/queryList', {});
  tag = Object.fromEntries(tags.data.list.map((x: { name: string; id: number }) => [x.name, x.id]));
});
afterAll(() => t.close());

const names = (res: { data: { name: string }[] }) => res.data.map((x) => x.name);

describe('a customer’s tags', () => {
  it('the owner sets them; they read back in the tags’ order and in the customer list', async () => {
    const customerId = customer.林婉清!;
    const set = await call('sunli', '/clinicSettings/customerTag/set', { customerId, tagIds: [tag.高消费, tag.VIP] });
    expect(set).toMatchObject({ code: 0 });
    expect(names(await call('sunli', '/clinicSettings/customerTag/query', { customerId }))).toEqual(['VIP', '高消费']);
    const list = await call('sunli', '/CrmCustomer/queryPageList', { search: '林婉清' });
    expect(list.data.list[0]).toMatchObject({ tagNames: 'VIP,高消费' });
    const detail = await call('sunli', '/CrmCustomer/queryById', { id: customerId });
    expect(detail.data.record.tagNames).toBe('VIP,高消费');
  });

  it('the customer list filters by a tag', async () => {
    await call('sunli', '/clinicSettings/customerTag/set', { customerId: customer.陈雨桐, tagIds: [tag.敏感肌] });
    const filtered = await call('sunli', '/CrmCustomer/queryPageList', {
      data: { tagNames: { condition: 'contains', value: 'VIP' } },
      limit: 100,
    });
    expect(filtered.data.list.map((r: { customerName: string }) => r.customerName)).toEqual(['林婉清']);
    const sensitive = await call('sunli', '/CrmCustomer/queryPageList', {
      data: { tagNames: { condition: 'contains', value: '敏感肌' } },
    });
    expect(sensitive.data.list.map((r: { customerName: string }) => r.customerName)).toEqual(['陈雨桐']);
  });

  it('a disabled tag is neither shown nor settable', async () => {
    await call('admin', '/clinicSettings/tag/setStatus', { id: tag.高消费, enabled: false });
    const list = await call('sunli', '/CrmCustomer/queryPageList', { search: '林婉清' });
    expect(list.data.list[0].tagNames).toBe('VIP');
    expect(
      await call('sunli', '/clinicSettings/customerTag/set', { customerId: customer.林婉清, tagIds: [tag.高消费] }),
    ).toMatchObject({ code: 400, msg: '所选标签不存在或已停用' });
    await call('admin', '/clinicSettings/tag/setStatus', { id: tag.高消费, enabled: true });
  });

  it('offers the enabled tags to whoever reads customers, and shows them as a list column', async () => {
    expect(names(await call('sunli', '/clinicSettings/customerTag/options'))).toEqual([
      'VIP',
      '敏感肌',
      '高消费',
      '新客',
    ]);
    const head = await call('sunli', '/CrmCustomer/queryListHead', {});
    expect(head.data.find((c: { key: string }) => c.key === 'tagNames')).toMatchObject({ name: '标签' });
  });

  it('clears them with an empty list', async () => {
    const customerId = customer.陈雨桐!;
    expect(await call('sunli', '/clinicSettings/customerTag/set', { customerId, tagIds: '' })).toMatchObject({
      code: 0,
    });
    expect((await call('sunli', '/clinicSettings/customerTag/query', { customerId })).data).toEqual([]);
  });

  it('refuses another department’s customer, someone without the permission, an unknown customer', async () => {
    // 郑浩 (销售二部, own data) may not see 孙丽's customer.
    expect(
      await call('zhenghao', '/clinicSettings/customerTag/set', { customerId: customer.林婉清, tagIds: [] }),
    ).toMatchObject({ code: 403 });
    expect(await call('zhenghao', '/clinicSettings/customerTag/query', { customerId: customer.林婉清 })).toMatchObject({
      code: 403,
    });
    // 陈静 (财务) reads customers but may not change them.
    expect(
      await call('chenjing', '/clinicSettings/customerTag/set', { customerId: customer.林婉清, tagIds: [] }),
    ).toMatchObject({ code: 403, msg: Msg.forbidden });
    expect(await call('admin', '/clinicSettings/customerTag/set', { customerId: 999999, tagIds: [] })).toMatchObject({
      code: 404,
    });
    expect(
      await call('sunli', '/clinicSettings/customerTag/set', { customerId: customer.林婉清, tagIds: [99999] }),
    ).toMatchObject({
      code: 400,
      msg: '所选标签不存在或已停用',
    });
  });
});
