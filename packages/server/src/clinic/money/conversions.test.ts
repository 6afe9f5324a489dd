import { formatTime, type PayMethod } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { runDealExpiry } from './expiry.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * Conversions, repairs, the expiry job, /crm/make's query, the doctor list and 开发业绩 on the demo
 * data: sunli (销售) sells to her customer 陈雨桐 (60 % hers, 40 % zhenghao's), chenjing (财务)
 * charges, wangzong treats (划扣) and approves. zhenghao (another team) may not see 陈雨桐;
 * huangmin holds no CRM permission. 光子嫩肤 (5 sessions), 皮秒祛斑 (3, 执行价 2380) and
 * 激光脱毛（腋下） (6, 执行价 680) share the conversion class 光电疗程互转; 小气泡清洁 does not.
 */
let t: TestApp;
const { ids: uid, call, signIn, tokens } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('convert-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'wangzong', 'chenjing', 'zhenghao', 'huangmin', 'liming', 'admin', 'zhaoqiang']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);

/** A charged deal for 陈雨桐 at `price` yuan, paid as given (or left owing). */
async function boughtDeal(
  name = '光子嫩肤',
  price = '1000',
  payments: { method: PayMethod; amount: string }[] = [{ method: 'cash' as const, amount: price }],
): Promise<number> {
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [
      {
        projectId: project[name],
        dealPrice: price,
        salespeople: [
          { userId: uid.sunli, rate: 60 },
          { userId: uid.zhenghao, rate: 40 },
        ],
      },
    ],
    discountReason: '转换测试',
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
  });
  expect(opened).toMatchObject({ code: 0 });
  if (opened.data.status === 1) {
    const { data } = await call('wangzong', '/clinic/discount/detail', { orderId: opened.data.orderId });
    await call('wangzong', '/OaExamine/auditExamine', { recordId: data.recordId, status: 1, remarks: '' });
  }
  const charged = await charge(opened.data.orderId, payments);
  expect(charged).toMatchObject({ code: 0 });
  return charged.data.dealIds[0];
}
const charge = (orderId: number, payments: { method: PayMethod; amount: string }[]) =>
  call('chenjing', '/clinic/cashier/charge', { orderId, payments });
const use = (dealId: number, sessions = 1) =>
  call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
    dealId,
    sessions,
    staff: [{ userId: uid.liming, role: 'doctor' }],
    batchId: nextBatch(),
  });
const convert = (body: Record<string, unknown>, who = 'sunli') =>
  call(who, '/CrmCustomerProjectDealRecord/dealProjectConvert', { batchId: nextBatch(), ...body });
const repair = (body: Record<string, unknown>, who = 'sunli') =>
  call(who, '/CrmCustomerProjectDealRecord/repair', { reason: '术后不对称', batchId: nextBatch(), ...body });
const deal = async (dealId: number) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select project_id, sessions_bought bought, sessions_left "left", sessions_held held, sessions_converted converted,
            status, kind, original_deal_id, deal_value::text value, paid_cash::text cash, order_id
          from crm_customer_project_deal_record where deal_id = ${dealId}`,
    )
  )[0]!;
const principal = async () =>
  (
    await queryRows<{ principal: string }>(
      t.database.db,
      sql`select principal::text from clinic_customer_account where customer_id = ${cid.陈雨桐}`,
    )
  )[0]?.principal;
const performance = (key: string) =>
  queryRows<{ user_id: number; kind: number; amount: string }>(
    t.database.db,
    sql`select user_id, kind, amount::text from clinic_performance where idempotency_key like ${`${key}:%`} order by user_id`,
  );

describe('findConvertByProjectId', () => {
  it('lists the enabled projects of the same class with what the free left sessions are worth', async () => {
    const dealId = await boughtDeal();
    expect(await use(dealId)).toMatchObject({ code: 0 });
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/findConvertByProjectId', { dealId });
    expect(res).toMatchObject({ code: 0, data: { sessions: 4, leftValue: 80_000, leftPaid: 80_000 } });
    const names = res.data.targets.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['皮秒祛斑', '点阵激光', '激光脱毛（腋下）']));
    expect(names).not.toContain('光子嫩肤');
    expect(names).not.toContain('小气泡清洁');
    expect(res.data.targets[0]).toMatchObject({ className: '光电疗程互转' });
    // Another team's customer, and someone without the permission.
    expect(await call('zhenghao', '/CrmCustomerProjectDealRecord/findConvertByProjectId', { dealId })).toMatchObject({
      code: 403,
    });
    expect(await call('huangmin', '/CrmCustomerProjectDealRecord/findConvertByProjectId', { dealId })).toMatchObject({
      code: 403,
    });
  });

  it('refuses a project without a conversion class', async () => {
    const dealId = await boughtDeal('热玛吉', '16800');
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/findConvertByProjectId', { dealId })).toMatchObject({
      code: 400,
      msg: '该项目未设置转换类别，不能转换',
    });
    expect(await convert({ dealId, projectId: project.皮秒祛斑 })).toMatchObject({
      code: 400,
      msg: '该项目未设置转换类别，不能转换',
    });
  });
});

/** The order form's topUpPerformance (h-money22): whether credited principal is given back. */
const topUpCounts = (topUpPerformance: 'paid' | 'spent') =>
  call('admin', '/clinicSettings/orderForm/save', { topUpPerformance });

describe('dealProjectConvert', () => {
  it('top-ups counted when paid (the default): principal credited back takes no 现金业绩 back', async () => {
    const dealId = await boughtDeal();
    await use(dealId);
    const res = await convert({ dealId, projectId: project['激光脱毛（腋下）'] });
    expect(res).toMatchObject({ code: 0, data: { status: 2, toPrincipal: 12_000 } });
    // The 120 stays in the clinic as principal, already counted for sunli and zhenghao at the sale.
    expect((await performance(`conversion:${res.data.conversionId}`)).filter((r) => r.kind === 1)).toEqual([]);
    await agrees();
  });

  it('a cheaper target: done at once, the difference to principal, negative 现金业绩 for the source salespeople', async () => {
    // Top-ups counted when spent: principal is 现金业绩 when spent, so what is credited back is taken back.
    expect(await topUpCounts('spent')).toMatchObject({ code: 0 });
    const dealId = await boughtDeal();
    await use(dealId);
    const before = Number(await principal());
    const batchId = nextBatch();
    const body = { dealId, projectId: project['激光脱毛（腋下）'], batchId };
    const res = await convert(body);
    expect(res).toMatchObject({
      code: 0,
      data: {
        status: 2,
        fromDealId: dealId,
        sessions: 4,
        valueMoved: 80_000,
        targetValue: 68_000,
        toPay: 0,
        toPrincipal: 12_000,
        forfeited: 0,
        orderId: null,
      },
    });
    const { conversionId, toDealId } = res.data;
    expect(await deal(dealId)).toMatchObject({ left: 0, converted: 4, status: 5 });
    expect(await deal(toDealId)).toMatchObject({
      project_id: project['激光脱毛（腋下）'],
      bought: 6,
      left: 6,
      status: 1,
      value: '680.00',
      cash: '680.00',
    });
    expect(Number(await principal())).toBe(before + 120);
    const given = await performance(`conversion:${conversionId}`);
    expect(given).toHaveLength(2);
    expect(given).toEqual(
      expect.arrayContaining([
        { user_id: uid.zhenghao, kind: 1, amount: '-48.00' },
        { user_id: uid.sunli, kind: 1, amount: '-72.00' },
      ]),
    );
    // A double click answers the first conversion and credits nothing twice.
    expect(await convert(body)).toMatchObject({ code: 0, data: { conversionId, toDealId } });
    expect(Number(await principal())).toBe(before + 120);
    // Someone else's batch id is refused.
    expect(await convert({ ...body, dealId: toDealId }, 'wangzong')).toMatchObject({ code: 409 });
    // Nothing is left to convert.
    expect(await convert({ dealId, projectId: project.皮秒祛斑 })).toMatchObject({
      code: 400,
      msg: '该成交项目已转换，不能转换',
    });
    // The timeline shows the conversion on both deals.
    const timeline = await call('sunli', '/CrmCustomerProjectDealRecord/queryTrackingRecord', { dealId: toDealId });
    expect(timeline.data.map((e: { type: string }) => e.type)).toContain('conversion');
    await topUpCounts('paid');
    await agrees();
  });

  it('a dearer target: an unpaid order for the difference holds the sessions until the cashier charges it', async () => {
    const dealId = await boughtDeal();
    const res = await convert({ dealId, projectId: project.皮秒祛斑 });
    expect(res).toMatchObject({
      code: 0,
      data: { status: 1, sessions: 5, valueMoved: 100_000, targetValue: 238_000, toPay: 138_000, toDealId: null },
    });
    const { orderId, conversionId } = res.data;
    expect(await deal(dealId)).toMatchObject({ left: 5, held: 5, converted: 0, status: 1 });
    await agrees();
    // Held: no 划扣, no second conversion, no refund of them.
    expect(await use(dealId)).toMatchObject({ code: 400, msg: '剩余次数不足' });
    expect(await convert({ dealId, projectId: project.点阵激光 })).toMatchObject({ code: 400, msg: '剩余次数不足' });
    // The order keeps its line.
    expect(
      await call('sunli', '/CrmCustomerProjectDealRecord/update', {
        orderId,
        lines: [{ projectId: project.点阵激光, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
      }),
    ).toMatchObject({ code: 400, msg: '转换或返修的订单不能修改，请作废后重新办理' });
    const charged = await charge(orderId, [{ method: 'cash' as const, amount: '1380' }]);
    expect(charged).toMatchObject({ code: 0, data: { payable: 138_000, received: 138_000 } });
    const toDealId = charged.data.dealIds[0];
    expect(await deal(dealId)).toMatchObject({ left: 0, held: 0, converted: 5, status: 5 });
    expect(await deal(toDealId)).toMatchObject({ bought: 3, left: 3, value: '2380.00', cash: '2380.00' });
    const again = await call('sunli', '/CrmCustomerProjectDealRecord/dealProjectConvert', {
      dealId,
      projectId: project.皮秒祛斑,
      batchId: 'x',
    });
    expect(again).toMatchObject({ code: 400 });
    // The difference is new cash: 现金业绩 for the one who converted.
    const [line] = await queryRows<{ line_id: number }>(
      t.database.db,
      sql`select line_id from clinic_order_line where order_id = ${orderId}`,
    );
    expect(await performance(`line:${line!.line_id}`)).toEqual([{ user_id: uid.sunli, kind: 1, amount: '1380.00' }]);
    const answer = await queryRows<{ status: number; to_deal_id: number }>(
      t.database.db,
      sql`select status, to_deal_id from clinic_conversion where conversion_id = ${conversionId}`,
    );
    expect(answer[0]).toMatchObject({ status: 2, to_deal_id: toDealId });
    await agrees();
  });

  it('voiding the difference order gives the held sessions back', async () => {
    const dealId = await boughtDeal();
    const { data } = await convert({ dealId, projectId: project.皮秒祛斑, sessions: 2 });
    expect(await deal(dealId)).toMatchObject({ left: 5, held: 2 });
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/cancel', { orderId: data.orderId })).toMatchObject({
      code: 0,
    });
    expect(await deal(dealId)).toMatchObject({ left: 5, held: 0, converted: 0, status: 1 });
    expect(await charge(data.orderId, [{ method: 'cash' as const, amount: '1980' }])).toMatchObject({
      code: 400,
      msg: '订单已作废',
    });
    expect(await use(dealId, 5)).toMatchObject({ code: 0 });
    await agrees();
  });

  it('refuses another class, too many sessions, a deal with arrears, another team and no permission', async () => {
    const dealId = await boughtDeal();
    expect(await convert({ dealId, projectId: project.小气泡清洁 })).toMatchObject({
      code: 400,
      msg: '只能转换为同一转换类别中已启用的其他项目',
    });
    expect(await convert({ dealId, projectId: project.光子嫩肤 })).toMatchObject({
      code: 400,
      msg: '只能转换为同一转换类别中已启用的其他项目',
    });
    expect(await convert({ dealId, projectId: project.皮秒祛斑, sessions: 6 })).toMatchObject({
      code: 400,
      msg: '剩余次数不足',
    });
    expect(await convert({ dealId, projectId: project.皮秒祛斑 }, 'zhenghao')).toMatchObject({ code: 403 });
    expect(await convert({ dealId, projectId: project.皮秒祛斑 }, 'huangmin')).toMatchObject({ code: 403 });
    expect(await convert({ dealId: 99_999_999, projectId: project.皮秒祛斑 })).toMatchObject({
      code: 404,
      msg: '成交项目不存在',
    });
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/dealProjectConvert', raw({ surprise: 1 }))).toMatchObject(
      {
        code: 400,
        msg: '请求中没有本接口可识别的参数',
      },
    );
    // Arrears are allowed (openFormConfig 允许欠款, on by default).
    const owing = await boughtDeal('光子嫩肤', '1000', [{ method: 'cash' as const, amount: '600' }]);
    expect(await convert({ dealId: owing, projectId: project.皮秒祛斑 })).toMatchObject({
      code: 400,
      msg: '该成交项目有欠款，请还清后再转换',
    });
    await agrees();
  });
});

describe('conversions racing', () => {
  it('ten parallel conversions of one deal: one converts, the others find nothing left; one batch sent twice at once makes one', async () => {
    const dealId = await boughtDeal();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => convert({ dealId, projectId: project['激光脱毛（腋下）'] })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((a) => a.code !== 0))
      expect(a).toMatchObject({ code: 400, msg: '该成交项目已转换，不能转换' });
    const other = await boughtDeal();
    const body = { dealId: other, projectId: project.皮秒祛斑, batchId: nextBatch() };
    const twice = await Promise.all([convert(body), convert(body)]);
    expect(twice.map((a) => a.code)).toEqual([0, 0]);
    expect(twice[0].data.conversionId).toBe(twice[1].data.conversionId);
    expect(await deal(other)).toMatchObject({ held: 5 });
    await agrees();
  });
});

describe('repair (返修) and refundSurplusRepairProject', () => {
  it('a free repair of a treated deal is a repair deal at once; a double click makes one', async () => {
    const original = await boughtDeal();
    expect(await repair({ dealId: original })).toMatchObject({ code: 400, msg: '该成交项目尚未治疗，不能返修' });
    await use(original);
    const batchId = nextBatch();
    const res = await repair({ dealId: original, sessions: 2, batchId });
    expect(res).toMatchObject({ code: 0, data: { orderId: null, price: 0, sessions: 2 } });
    const repairId = res.data.dealId;
    expect(await deal(repairId)).toMatchObject({
      kind: 2,
      original_deal_id: original,
      bought: 2,
      left: 2,
      value: '0.00',
      order_id: null,
    });
    expect(await repair({ dealId: original, sessions: 2, batchId })).toMatchObject({
      code: 0,
      data: { dealId: repairId },
    });
    expect(await repair({ dealId: repairId })).toMatchObject({
      code: 400,
      msg: '返修项目不能再返修，请选择原成交项目',
    });
    // A repair is not converted.
    expect(await convert({ dealId: repairId, projectId: project.皮秒祛斑 })).toMatchObject({
      code: 400,
      msg: '返修项目不能转换',
    });
    expect(await use(repairId)).toMatchObject({ code: 0 });
    expect(await repair({ dealId: original }, 'zhenghao')).toMatchObject({ code: 403 });
    expect(await repair({ dealId: original }, 'huangmin')).toMatchObject({ code: 403 });
    expect(await repair({ dealId: original, reason: '' })).toMatchObject({ code: 400, msg: '请填写返修原因' });
    await agrees();
  });

  it('a priced repair is an unpaid order whose charge makes the repair deal; its left sessions refund as a repair', async () => {
    const original = await boughtDeal();
    await use(original);
    expect(await repair({ dealId: original, price: '881' })).toMatchObject({
      code: 400,
      msg: '返修价格不能高于项目执行价',
    });
    const res = await repair({ dealId: original, price: '200', sessions: 1 });
    expect(res).toMatchObject({ code: 0, data: { dealId: null, price: 20_000, sessions: 1 } });
    const charged = await charge(res.data.orderId, [{ method: 'cash' as const, amount: '200' }]);
    expect(charged).toMatchObject({ code: 0 });
    const repairId = charged.data.dealIds[0];
    expect(await deal(repairId)).toMatchObject({ kind: 2, original_deal_id: original, bought: 1, value: '200.00' });
    const ask = (dealId: number) =>
      call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusRepairProject', {
        dealId,
        sessions: 1,
        amount: '200',
        reason: '不再返修',
        checkUserId: uid.wangzong,
        batchId: nextBatch(),
      });
    expect(await ask(original)).toMatchObject({ code: 400, msg: '该成交项目不是返修项目，请使用剩余项目退费' });
    expect(await ask(repairId)).toMatchObject({ code: 0, data: { dealId: repairId, amount: 20_000, status: 1 } });
    expect(await deal(repairId)).toMatchObject({ held: 1 });
    await agrees();
  });
});

describe('the expiry job', () => {
  it('expires live deals whose day has passed, once, and leaves their sessions left', async () => {
    const expired = await boughtDeal();
    const lastDay = await boughtDeal();
    const now = new Date();
    const today = formatTime(now).slice(0, 10);
    await t.database.db.execute(
      sql`update crm_customer_project_deal_record set expires_on = ${today}::date - 1 where deal_id = ${expired}`,
    );
    await t.database.db.execute(
      sql`update crm_customer_project_deal_record set expires_on = ${today}::date where deal_id = ${lastDay}`,
    );
    const first = await runDealExpiry(t.database.db, now);
    expect(first).toContain(expired);
    expect(first).not.toContain(lastDay);
    expect(await runDealExpiry(t.database.db, now)).toEqual([]);
    expect(await deal(expired)).toMatchObject({ status: 6, left: 5 });
    expect(await use(expired)).toMatchObject({ code: 400, msg: '该成交项目已过期，不能划扣' });
    expect(await use(lastDay)).toMatchObject({ code: 0 });
    await agrees();
  });
});

describe('querySubordinateProjectPlus and queryDoctorList', () => {
  it('lists the deals of the customers in the viewer’s scope, filtered and paginated', async () => {
    const dealId = await boughtDeal('点阵激光', '1280');
    const q = (who: string, body: Record<string, unknown>) =>
      call(who, '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus', body);
    const mine = await q('sunli', { projectId: project.点阵激光, limit: 100 });
    expect(mine).toMatchObject({ code: 0 });
    expect(mine.data.list.find((r: { dealId: number }) => r.dealId === dealId)).toMatchObject({
      customerName: '陈雨桐',
      ownerName: '孙丽',
      name: '点阵激光',
      sessionsBought: 3,
      dealValue: 128_000,
      paid: 128_000,
      status: 1,
      kind: 1,
    });
    expect(mine.data.list.every((r: { projectId: number }) => r.projectId === project.点阵激光)).toBe(true);
    const page = await q('sunli', { limit: 2, page: 1 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.totalRow).toBeGreaterThan(2);
    const today = formatTime(new Date()).slice(0, 10);
    expect(
      (await q('sunli', { from: today, to: today, limit: 100 })).data.list.map((r: { dealId: number }) => r.dealId),
    ).toContain(dealId);
    expect((await q('sunli', { to: '2000-01-01' })).data.list).toEqual([]);
    expect(
      (await q('sunli', { status: 5, limit: 100 })).data.list.every((r: { status: number }) => r.status === 5),
    ).toBe(true);
    const other = await q('zhenghao', { limit: 1000 });
    expect(other.data.list.map((r: { customerId: number }) => r.customerId)).not.toContain(cid.陈雨桐);
    expect(await q('huangmin', {})).toMatchObject({ code: 403 });
  });

  it('exports what the list shows, with the same filters and scope (成交查询.xlsx)', async () => {
    const dealId = await boughtDeal('点阵激光', '1280');
    await use(dealId);
    const filters = { projectId: project.点阵激光, status: 2 };
    // zhaoqiang (销售经理) sees his team's customers and may export them.
    const listed = await call('zhaoqiang', '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus', {
      ...filters,
      limit: 100,
    });
    expect(listed.data.list.map((r: { dealId: number }) => r.dealId)).toContain(dealId);
    const res = await download(t, '/clinic/make/excelExport', filters, tokens.zhaoqiang);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '顾客',
      '负责人',
      '项目',
      '订单号',
      '购买次数',
      '已用次数',
      '剩余次数',
      '成交金额',
      '已付',
      '欠款',
      '类型',
      '状态',
      '到期日',
      '成交时间',
    ]);
    // One row per deal the list answers, in its order, with its figures (money in yuan, summable).
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual(
      listed.data.list.map((r: { customerName: string; name: string; orderNumber: string }) => [
        r.customerName,
        r.name,
        r.orderNumber,
      ]),
    );
    const index = listed.data.list.findIndex((r: { dealId: number }) => r.dealId === dealId);
    expect(rows[index + 1]!.slice(0, 12)).toEqual([
      '陈雨桐',
      '孙丽',
      '点阵激光',
      listed.data.list[index].orderNumber,
      3,
      1,
      2,
      1280,
      1280,
      0,
      '普通',
      '疗程中',
    ]);
    // A filter that matches nothing leaves the header.
    expect(
      await sheetRows(
        (await download(t, '/clinic/make/excelExport', { to: '2000-01-01' }, tokens.zhaoqiang)).rawPayload,
      ),
    ).toHaveLength(1);
    // sunli (销售) lists but may not export customers' data.
    expect((await download(t, '/clinic/make/excelExport', filters, tokens.sunli)).json()).toMatchObject({ code: 403 });
  });

  it('answers the enabled doctors of doctorManage', async () => {
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/queryDoctorList', {});
    expect(res).toMatchObject({ code: 0 });
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data[0]).toMatchObject({ userId: expect.any(Number), name: expect.any(String), bookable: true });
    const dept = res.data[0].deptId;
    if (dept) {
      const one = await call('huangmin', '/CrmCustomerProjectDealRecord/queryDoctorList', { deptId: dept });
      expect(one.data.every((d: { deptId: number }) => d.deptId === dept)).toBe(true);
    }
  });
});

describe('开发业绩', () => {
  it('the developer earns their percent of each charge’s cash from then on', async () => {
    const set = (who: string, body: Record<string, unknown>) => call(who, '/clinic/account/setDeveloper', body);
    expect(await set('sunli', { customerId: cid.陈雨桐, rate: 5 })).toMatchObject({
      code: 400,
      msg: '请先选择开发人员',
    });
    expect(await set('zhenghao', { customerId: cid.陈雨桐, userId: uid.liming, rate: 5 })).toMatchObject({ code: 403 });
    expect(await set('sunli', { customerId: cid.陈雨桐, userId: uid.liming, rate: 5 })).toMatchObject({
      code: 0,
      data: { userId: uid.liming, rate: 5 },
    });
    const dealId = await boughtDeal('光子嫩肤', '999');
    const [{ order_id }] = (await queryRows<{ order_id: number }>(
      t.database.db,
      sql`select order_id from crm_customer_project_deal_record where deal_id = ${dealId}`,
    )) as [{ order_id: number }];
    expect(await performance(`developer:${order_id}`)).toEqual([{ user_id: uid.liming, kind: 3, amount: '49.95' }]);
    // A refund paid out takes the developer's share back at the same rate.
    const asked = await call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusProject', {
      dealId,
      sessions: 5,
      amount: '999',
      reason: '顾客搬家',
      checkUserId: uid.wangzong,
      batchId: nextBatch(),
    });
    expect(asked).toMatchObject({ code: 0 });
    await call('wangzong', '/OaExamine/auditExamine', { recordId: asked.data.recordId, status: 1, remarks: '' });
    expect(
      await call('chenjing', '/clinic/cashier/refundPayout', {
        refundId: asked.data.refundId,
        methods: [{ method: 'cash' as const, amount: '999' }],
      }),
    ).toMatchObject({ code: 0 });
    expect((await performance(`refund:${asked.data.refundId}`)).filter((r) => r.kind === 3)).toEqual([
      { user_id: uid.liming, kind: 3, amount: '-49.95' },
    ]);
    expect(await set('sunli', { customerId: cid.陈雨桐 })).toMatchObject({ code: 0, data: { userId: null, rate: 0 } });
    await agrees();
  });
});
