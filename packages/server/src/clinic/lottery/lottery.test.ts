import { CouponStatus, formatTime, GiftStatus, LotteryMsg, LotteryStyle, OpenLinkMsg, PrizeKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { customerIds, people, projectIds } from '../../test/people.ts';
import { couponRules } from '../coupons/tables.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/** 配置 › 抽奖活动 and the open draw (docs/clinic-lottery.md): every call through the API. */
let t: TestApp;
const { call, signIn, signInNewUser, tokens } = people(() => t);
let customer: number;
let otherCustomer: number;
let project: number;
let ruleId: number;
let outsider: string;

const at = (hours: number) => formatTime(Date.now() + hours * 3600_000);
const prize = (over: Record<string, unknown>) => ({
  name: '谢谢参与',
  kind: PrizeKind.nothing,
  stock: null,
  weight: 0,
  ...over,
});
const activity = (over: Record<string, unknown> = {}) => ({
  name: '周年庆大转盘',
  style: LotteryStyle.wheel,
  startTime: at(-24),
  endTime: at(24),
  drawsTotal: 3,
  drawsPerDay: 2,
  prizes: [prize({ weight: 1 })],
  ...over,
});

let address = 0;
/** Each open call from its own address unless told: the rate limit is per address. */
const open = (url: string, body: Record<string, unknown>, from = `10.9.0.${++address}`) =>
  t.call('POST', url, { body, address: from });

async function saved(over: Record<string, unknown>) {
  const res = await call('admin', '/project/lottery/save', activity(over));
  expect(res).toMatchObject({ code: 0 });
  return res.data.activityId as number;
}
async function linkFor(activityId: number, who = customer, name: 'wheel' | 'grid' = 'wheel') {
  const res = await call('admin', `/project/lottery/${name}Link/create`, { activityId, customerId: who, days: 7 });
  expect(res).toMatchObject({ code: 0 });
  return res.data as { linkId: number; token: string; path: string };
}

beforeAll(async () => {
  t = await createTestApp();
  // 销售 (scope: self) holds the link key here, to show a link needs the customer in scope.
  await t.database.db.execute(
    sql`insert into sys_role_permission (role_id, permission)
        select role_id, 'project:lotteryActivityConfiguration:link' from sys_role where role_name = '销售'
        on conflict do nothing`,
  );
  await signIn(['admin', 'zhangyu', 'zhoujie']);
  outsider = await signInNewUser('lottery_outsider', { roles: ['普通员工'], dept: '客服部' });
  const customers = await customerIds(t);
  customer = customers['陈雨桐']!;
  otherCustomer = customers['林婉清']!;
  project = Object.values(await projectIds(t))[0]!;
  const [rule] = await t.database.db
    .insert(couponRules)
    .values({ name: '抽奖50元券', value: '50.00', threshold: '0', validDays: 30 })
    .returning();
  ruleId = rule!.id;
});
afterAll(() => t.close());

describe('activities', () => {
  it('saves an activity with its prizes and reads it back, stock and weights included', async () => {
    const id = await saved({
      prizes: [
        prize({ name: '50元券', kind: PrizeKind.coupon, couponRuleId: ruleId, stock: 10, weight: 5 }),
        prize({ name: '面膜一盒', kind: PrizeKind.gift, gift: '补水面膜', stock: 3, weight: 2 }),
        prize({ name: '护理一次', kind: PrizeKind.sessions, projectId: project, sessions: 2, stock: 1, weight: 1 }),
        prize({ weight: 2 }),
      ],
    });
    const info = await call('admin', '/project/lottery/info', { activityId: id });
    expect(info.data).toMatchObject({ name: '周年庆大转盘', style: 1, drawsTotal: 3, drawsPerDay: 2, enabled: true });
    expect(info.data.prizes.map((p: { name: string; stock: number | null }) => [p.name, p.stock])).toEqual([
      ['50元券', 10],
      ['面膜一盒', 3],
      ['护理一次', 1],
      ['谢谢参与', null],
    ]);
    const list = await call('admin', '/project/lottery/list', { search: '周年庆' });
    expect(list.data.list.map((a: { activityId: number }) => a.activityId)).toContain(id);
  });

  it('refuses what cannot be drawn, in Chinese', async () => {
    const refuse = async (over: Record<string, unknown>, msg: string) =>
      expect(await call('admin', '/project/lottery/save', activity(over))).toMatchObject({ code: 400, msg });
    await refuse({ prizes: [] }, LotteryMsg.prizesRequired);
    await refuse({ prizes: [prize({ weight: 0 })] }, LotteryMsg.weightsZero);
    await refuse({ prizes: Array.from({ length: 9 }, () => prize({ weight: 1 })) }, LotteryMsg.tooManyPrizes);
    await refuse(
      { prizes: [prize({ kind: PrizeKind.gift, gift: '伞', stock: -1, weight: 1 })] },
      LotteryMsg.stockInvalid,
    );
    await refuse({ prizes: [prize({ kind: PrizeKind.gift, gift: '伞', weight: 1 })] }, LotteryMsg.stockRequired);
    await refuse({ prizes: [prize({ kind: PrizeKind.coupon, stock: 1, weight: 1 })] }, LotteryMsg.couponRuleRequired);
    await refuse(
      { prizes: [prize({ kind: PrizeKind.coupon, couponRuleId: 999_999, stock: 1, weight: 1 })] },
      LotteryMsg.couponRuleMissing,
    );
    await refuse({ endTime: at(-48) }, LotteryMsg.endBeforeStart);
    await refuse({ drawsPerDay: 5 }, LotteryMsg.perDayAboveTotal);
    expect(await call('admin', '/project/lottery/save', raw({ colour: 'red' }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
  });

  it('keeps the prizes already won and the style of an activity with draws', async () => {
    const id = await saved({
      prizes: [prize({ name: '伞', kind: PrizeKind.gift, gift: '雨伞', stock: 5, weight: 1 })],
    });
    const link = await linkFor(id);
    expect(await open('/open/lottery/wheel/draw', { token: link.token })).toMatchObject({ code: 0 });
    const info = (await call('admin', '/project/lottery/info', { activityId: id })).data;
    expect(info.prizes[0]).toMatchObject({ stock: 4, won: 1 });
    expect(
      await call('admin', '/project/lottery/save', { ...activity(), activityId: id, prizes: [prize({ weight: 1 })] }),
    ).toMatchObject({ code: 400, msg: LotteryMsg.prizeHasDraws.replace('{name}', '伞') });
    expect(
      await call('admin', '/project/lottery/save', {
        ...activity(),
        activityId: id,
        style: LotteryStyle.grid,
        prizes: [{ ...info.prizes[0], stock: 4 }],
      }),
    ).toMatchObject({ code: 400, msg: LotteryMsg.styleLocked });
  });

  it('lets only holders of the 抽奖活动 keys configure, link and read records', async () => {
    for (const url of [
      '/project/lottery/list',
      '/project/lottery/save',
      '/project/lottery/draws',
      '/project/lottery/wheelLink/create',
    ])
      expect((await t.post(url, {}, outsider)).code).toBe(403);
    // The front desk makes links and reads records but does not configure.
    expect((await call('zhangyu', '/project/lottery/save', activity())).code).toBe(403);
    expect((await call('zhangyu', '/project/lottery/draws', {})).code).toBe(0);
  });
});

describe('drawing through a link', () => {
  it('a coupon prize lands in the customer’s coupons, logged with its link', async () => {
    const id = await saved({
      prizes: [prize({ name: '50元券', kind: PrizeKind.coupon, couponRuleId: ruleId, stock: 2, weight: 1 }), prize({})],
    });
    const link = await linkFor(id);
    const info = await open('/open/lottery/wheel/info', { token: link.token });
    expect(info.data).toMatchObject({
      customerName: '陈**',
      remaining: 2,
      prizes: [{ index: 0, name: '50元券' }, { index: 1 }],
    });
    const drawn = await open('/open/lottery/wheel/draw', { token: link.token });
    expect(drawn).toMatchObject({
      code: 0,
      data: { index: 0, prizeName: '50元券', kind: PrizeKind.coupon, remaining: 1 },
    });
    const [coupon] = await queryRows<{ status: number; source: string; customer_id: number; link_id: number }>(
      t.database.db,
      sql`select c.status, c.source, c.customer_id, d.link_id from clinic_lottery_draw d
          join clinic_coupon c on c.coupon_id = d.coupon_id where d.draw_id = ${drawn.data.drawId}`,
    );
    expect(coupon).toMatchObject({
      status: CouponStatus.usable,
      source: 'lottery',
      customer_id: customer,
      link_id: link.linkId,
    });
    const after = await open('/open/lottery/wheel/info', { token: link.token });
    expect(after.data.mine).toEqual([
      expect.objectContaining({ prizeName: '50元券', detail: expect.stringMatching(/^券码 /) }),
    ]);
  });

  it('sessions of a project become a free deal record; the ledgers still agree', async () => {
    const id = await saved({
      prizes: [
        prize({ name: '护理两次', kind: PrizeKind.sessions, projectId: project, sessions: 2, stock: 1, weight: 1 }),
      ],
    });
    const drawn = await open('/open/lottery/wheel/draw', { token: (await linkFor(id)).token });
    expect(drawn.data).toMatchObject({ kind: PrizeKind.sessions });
    const [deal] = await queryRows<{
      sessions_left: number;
      deal_value: string;
      customer_id: number;
      order_id: number | null;
    }>(
      t.database.db,
      sql`select r.sessions_left, r.deal_value, r.customer_id, r.order_id from clinic_lottery_draw d
          join crm_customer_project_deal_record r on r.deal_id = d.deal_id where d.draw_id = ${drawn.data.drawId}`,
    );
    expect(deal).toMatchObject({ sessions_left: 2, deal_value: '0.00', customer_id: customer, order_id: null });
    // Stock of one: the next draw finds nothing left.
    expect(await open('/open/lottery/wheel/draw', { token: (await linkFor(id)).token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.soldOut,
    });
    await expectLedgerAgrees(t);
  });

  it('a gift waits at the front desk until handed out once', async () => {
    const id = await saved({
      prizes: [prize({ name: '面膜', kind: PrizeKind.gift, gift: '补水面膜', stock: 5, weight: 1 })],
    });
    const drawn = await open('/open/lottery/wheel/draw', { token: (await linkFor(id, otherCustomer)).token });
    expect(drawn.data.detail).toContain('请到前台领取');
    const waiting = await call('zhangyu', '/project/lottery/draws', { activityId: id, giftStatus: GiftStatus.waiting });
    expect(waiting.data.list).toEqual([expect.objectContaining({ drawId: drawn.data.drawId, customerName: '林婉清' })]);
    expect(await call('zhangyu', '/project/lottery/handOut', { drawId: drawn.data.drawId })).toMatchObject({ code: 0 });
    expect(await call('zhangyu', '/project/lottery/handOut', { drawId: drawn.data.drawId })).toMatchObject({
      code: 400,
      msg: LotteryMsg.handedAlready,
    });
    const handed = await call('zhangyu', '/project/lottery/draws', { activityId: id });
    expect(handed.data.list[0]).toMatchObject({ giftStatus: GiftStatus.handed, handedBy: '张雨' });
    const sheet = await download(t, '/project/lottery/excelExport', { activityId: id }, tokens.zhangyu);
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]).toEqual(['抽奖时间', '活动', '顾客', '奖品', '类型', '券码', '赠品领取', '发放人', '领取时间']);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[6], r[7]])).toEqual([
      ['林婉清', '面膜', '赠品', '已领取', '张雨'],
    ]);
  });

  it('stops at the day’s and the total limit, not at the link', async () => {
    const id = await saved({ drawsTotal: 3, drawsPerDay: 2, prizes: [prize({ weight: 1 })] });
    const first = await linkFor(id);
    expect((await open('/open/lottery/wheel/draw', { token: first.token })).data.remaining).toBe(1);
    // A second link for the same customer shares the customer's draws.
    const second = await linkFor(id);
    expect((await open('/open/lottery/wheel/draw', { token: second.token })).data.remaining).toBe(0);
    expect(await open('/open/lottery/wheel/draw', { token: first.token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.noDrawsToday,
    });
    // Yesterday's draws count toward the total only.
    await t.database.db.execute(
      sql`update clinic_lottery_draw set business_day = business_day - 1 where activity_id = ${id}`,
    );
    expect((await open('/open/lottery/wheel/draw', { token: first.token })).data.remaining).toBe(0);
    expect(await open('/open/lottery/wheel/draw', { token: first.token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.noDrawsLeft,
    });
  });

  it('draws nothing outside the period or while disabled', async () => {
    const early = await saved({ startTime: at(2), endTime: at(24) });
    expect(await open('/open/lottery/wheel/draw', { token: (await linkFor(early)).token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.notStarted,
    });
    const late = await saved({ startTime: at(-48), endTime: at(-1) });
    const lateLink = await linkFor(late);
    expect(await open('/open/lottery/wheel/draw', { token: lateLink.token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.ended,
    });
    expect((await open('/open/lottery/wheel/info', { token: lateLink.token })).data.remaining).toBe(0);
    const off = await saved({ enabled: false });
    expect(await open('/open/lottery/wheel/draw', { token: (await linkFor(off)).token })).toMatchObject({
      code: 403,
      msg: LotteryMsg.disabled,
    });
    const none = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from clinic_lottery_draw where activity_id in (${early}, ${late}, ${off})`,
    );
    expect(none[0]!.n).toBe(0);
  });

  it('refuses a revoked link, a link of the other page, a grid link for a wheel, and a customer out of scope', async () => {
    const id = await saved({});
    const link = await linkFor(id);
    expect(await call('admin', '/project/lottery/wheelLink/revoke', { linkId: link.linkId })).toMatchObject({
      code: 0,
    });
    expect(await open('/open/lottery/wheel/draw', { token: link.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.revoked,
    });
    const live = await linkFor(id);
    expect(await open('/open/lottery/grid/draw', { token: live.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.invalid,
    });
    expect(
      await call('admin', '/project/lottery/gridLink/create', { activityId: id, customerId: customer }),
    ).toMatchObject({ code: 400, msg: LotteryMsg.wrongStyle });
    // A salesperson (scope: self) given the link key makes links for their own customers only.
    const answer = await call('zhoujie', '/project/lottery/wheelLink/create', { activityId: id, customerId: customer });
    expect(answer.code).toBe(403);
    const own = (await customerIds(t))['刘子涵']!;
    expect(
      await call('zhoujie', '/project/lottery/wheelLink/create', { activityId: id, customerId: own }),
    ).toMatchObject({
      code: 0,
    });
  });

  it('deleting an activity retires its links', async () => {
    const id = await saved({});
    const link = await linkFor(id);
    expect(await call('admin', '/project/lottery/delete', { activityId: id })).toMatchObject({ code: 0 });
    expect(await open('/open/lottery/wheel/info', { token: link.token })).toMatchObject({
      code: 403,
      msg: OpenLinkMsg.revoked,
    });
  });

  it('rate-limits one address', async () => {
    const id = await saved({});
    const link = await linkFor(id);
    const from = '10.9.9.9';
    const answers = [];
    for (let i = 0; i < 61; i++)
      answers.push((await open('/open/lottery/wheel/info', { token: link.token }, from)).code);
    expect(answers.slice(0, 60).every((c) => c === 0)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});
