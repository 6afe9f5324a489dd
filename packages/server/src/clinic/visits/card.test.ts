import { MemberCardMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * 会员卡号 on the demo data: zhangyu (前台: every customer, triage, customer update) gives cards and
 * finds by them; sunli (销售) gets the triage desk here but reads only her own customers; chenjing
 * (财务) holds neither the desk nor customer updates.
 */
let t: TestApp;
const { call, signIn } = people(() => t);
const cust: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:workflow:triage' from sys_role where role_name = '销售'`);
  await signIn(['zhangyu', 'sunli', 'chenjing']);
  const owned = await queryRows<{ id: number; owner: string }>(
    t.database.db,
    sql`select c.customer_id as id, u.username as owner from crm_customer c join sys_user u on u.user_id = c.owner_user_id
        order by c.customer_id`,
  );
  const others = owned.filter((o) => o.owner !== 'sunli').map((o) => Number(o.id));
  const hers = owned.filter((o) => o.owner === 'sunli').map((o) => Number(o.id));
  Object.assign(cust, { a: others[0], b: others[1], c: others[2], hers: hers[0] });
  if (Object.values(cust).some((id) => id === undefined)) throw new Error('the demo has too few customers');
});
afterAll(() => t?.close());

const setCard = (customerId: number, cardNumber: unknown, who = 'zhangyu') =>
  call(who, '/clinic/customer/setCardNumber', { customerId, cardNumber: raw(cardNumber) });
const byCard = (cardNumber: string, who = 'zhangyu') => call(who, '/clinic/visit/byCard', { cardNumber });

describe('会员卡号', () => {
  it('gives a card (upper case), shows it with the balances and finds its holder exactly', async () => {
    expect(await setCard(cust.a!, ' vip-001 ')).toMatchObject({
      code: 0,
      data: { customerId: cust.a, cardNumber: 'VIP-001' },
    });
    expect(await call('zhangyu', '/clinic/account/info', { customerId: cust.a })).toMatchObject({
      code: 0,
      data: { cardNumber: 'VIP-001' },
    });
    const found = await byCard('vip-001');
    expect(found).toMatchObject({ code: 0, data: { customerId: cust.a, cardNumber: 'VIP-001' } });
    expect(found.data.customerName).not.toBe('');
    // Exactly: a prefix or a longer number is another card.
    expect((await byCard('VIP-00')).data).toBeNull();
    expect((await byCard('VIP-0011')).data).toBeNull();
    // A customer without a card has none.
    expect((await call('zhangyu', '/clinic/account/info', { customerId: cust.b })).data.cardNumber).toBeNull();
  });

  it('refuses a card another customer holds; the holder keeps it; blank clears and frees it', async () => {
    expect(await setCard(cust.b!, 'VIP-001')).toMatchObject({ code: 409, msg: MemberCardMsg.taken });
    expect((await byCard('VIP-001')).data.customerId).toBe(cust.a);
    // Giving the holder their own card again changes nothing.
    expect(await setCard(cust.a!, 'VIP-001')).toMatchObject({ code: 0, data: { cardNumber: 'VIP-001' } });
    expect(await setCard(cust.a!, '')).toMatchObject({ code: 0, data: { cardNumber: null } });
    expect((await byCard('VIP-001')).data).toBeNull();
    expect(await setCard(cust.b!, 'VIP-001')).toMatchObject({ code: 0, data: { cardNumber: 'VIP-001' } });
    expect((await byCard('VIP-001')).data.customerId).toBe(cust.b);
  });

  it('refuses a malformed card and an empty lookup', async () => {
    for (const bad of ['卡001', 'A B', 'x'.repeat(33), 12]) {
      expect(await setCard(cust.a!, bad)).toMatchObject({ code: 400, msg: MemberCardMsg.invalid });
    }
    expect(await byCard('  ')).toMatchObject({ code: 400, msg: MemberCardMsg.required });
    expect(await byCard('卡')).toMatchObject({ code: 400, msg: MemberCardMsg.invalid });
  });

  it('gives one card to one of two customers asked at once', async () => {
    const [x, y] = await Promise.all([setCard(cust.a!, 'RACE-1'), setCard(cust.c!, 'RACE-1')]);
    expect([x.code, y.code].sort()).toEqual([0, 409]);
    expect([x, y].find((r) => r.code === 409)).toMatchObject({ msg: MemberCardMsg.taken });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_customer_account where card_number = 'RACE-1'`,
    );
    expect(n!.n).toBe(1);
  });

  it('keeps to the data scope and the permissions', async () => {
    await setCard(cust.hers!, 'SUN-1');
    // sunli finds her own customer's card, not another owner's, and cannot give another owner's customer one.
    expect((await byCard('SUN-1', 'sunli')).data.customerId).toBe(cust.hers);
    expect((await byCard('VIP-001', 'sunli')).data).toBeNull();
    expect((await setCard(cust.a!, 'SUN-2', 'sunli')).code).toBe(403);
    expect(await setCard(cust.hers!, 'SUN-2', 'sunli')).toMatchObject({ code: 0, data: { cardNumber: 'SUN-2' } });
    expect(await setCard(cust.a!, 'FIN-1', 'chenjing')).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await byCard('VIP-001', 'chenjing')).toMatchObject({ code: 403, msg: '无权访问' });
  });
});
