import { CouponStatus } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpenToken } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/**
 * 顾客评价 on the demo data: wangzong (客户管理员: every customer, every evaluate leaf) sets the rules
 * and follows up; sunli (销售, scope self, owns 陈雨桐, given `oa:evaluate:read` here) sells and
 * reads; zhenghao (销售, another team) reads nobody's; chenjing (财务) charges. A treatment of
 * 水光针 makes the review link the customer opens without signing in.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('review-test');
let cid: Record<string, number>;
let project: Record<string, number>;
let address = 0;

/** An open call from its own client address (the rate limit counts per address). */
const open = (url: string, body: Record<string, unknown>) =>
  t.call('POST', url, { body, address: `10.77.${Math.floor(address / 200)}.${(address++ % 200) + 1}` });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:evaluate:read' from sys_role where role_name = '销售'`);
  await signIn(['wangzong', 'sunli', 'zhenghao', 'chenjing', 'liming', 'hexue']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

/** 水光针 bought and one session used: the 划扣's answer (with the review path). */
async function treated(customerId = cid.陈雨桐!) {
  const opened = await call('wangzong', '/CrmCustomerProjectDealRecord/save', {
    customerId,
    lines: [{ projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    batchId: nextBatch(),
  });
  expect(opened).toMatchObject({ code: 0 });
  const charged = await call('chenjing', '/clinic/cashier/charge', {
    orderId: opened.data.orderId,
    payments: [{ method: 'cash', amount: '1000' }],
  });
  expect(charged).toMatchObject({ code: 0 });
  const used = await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
    dealId: charged.data.dealIds[0],
    sessions: 1,
    staff: [
      { userId: uid.liming, role: 'doctor' },
      { userId: uid.hexue, role: 'nurse' },
    ],
    batchId: nextBatch(),
  });
  expect(used).toMatchObject({ code: 0 });
  const token = new URL(`http://x${used.data.reviewPath}`).searchParams.get('token')!;
  return { treatmentId: used.data.treatmentId as number, token, path: used.data.reviewPath as string };
}

const rule = (over: Record<string, unknown> = {}) =>
  call('wangzong', '/evaluate/editCouponRule', {
    name: '好评券',
    value: '50',
    threshold: '300',
    validDays: 30,
    projectIds: [],
    reviewReward: true,
    minAverage: '4',
    ...over,
  });

describe('coupon rules', () => {
  it('creates, edits, lists and soft-deletes a rule with its review condition', async () => {
    const made = await rule({ name: '规则甲', projectIds: [project.水光针], minEach: 3, remark: '好评返券' });
    expect(made).toMatchObject({ code: 0 });
    const ruleId = made.data.ruleId;
    expect(await rule({ ruleId, name: '规则甲改', minAverage: '4.5' })).toMatchObject({ code: 0, data: { ruleId } });
    const list = await call('wangzong', '/evaluate/couponRuleList', { search: '规则甲' });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        ruleId,
        name: '规则甲改',
        value: 5000,
        threshold: 30000,
        projectIds: [],
        reviewReward: true,
        minAverage: 4.5,
        minEach: 0,
        enabled: true,
        issuedCount: 0,
      }),
    ]);
    expect(await call('wangzong', '/evaluate/delCouponRule', { ruleId })).toMatchObject({ code: 0 });
    expect((await call('wangzong', '/evaluate/couponRuleList', { search: '规则甲' })).data.list).toEqual([]);
    expect(await call('wangzong', '/evaluate/delCouponRule', { ruleId })).toMatchObject({
      code: 404,
      msg: '优惠券规则不存在',
    });
    expect(await rule({ ruleId, name: 'x' })).toMatchObject({ code: 404, msg: '优惠券规则不存在' });
  });

  it('refuses bad terms with Chinese messages, and users without the leaf', async () => {
    expect(await rule({ value: '0' })).toMatchObject({ code: 400, msg: '面额须大于0，最多两位小数' });
    expect(await rule({ validDays: 0 })).toMatchObject({ code: 400, msg: '有效天数须为1到3650天' });
    expect(await rule({ minAverage: '6' })).toMatchObject({ code: 400, msg: '最低平均分须为0到5分，最多一位小数' });
    expect(await rule({ minAverage: '0', minEach: 0 })).toMatchObject({
      code: 400,
      msg: '发放给评价的规则须设置最低平均分或每项最低分',
    });
    expect(await rule({ projectIds: [999_999] })).toMatchObject({ code: 400, msg: '适用项目不存在' });
    expect(await rule({ name: '' })).toMatchObject({ code: 400, msg: '请填写优惠券名称' });
    expect(await call('sunli', '/evaluate/editCouponRule', { name: 'x', value: '1', validDays: 1 })).toMatchObject({
      code: 403,
    });
  });
});

describe('the review link and the open page', () => {
  it('is made once with the 划扣; remaking it revokes the older link', async () => {
    const { treatmentId, token, path } = await treated();
    expect(path).toMatch(/^\/evaluateH5\?token=/);
    const links = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_review_link where treatment_id = ${treatmentId}`,
    );
    expect(links[0]?.n).toBe(1);
    const info = await open('/evaluate/open/info', { token });
    expect(info).toMatchObject({ code: 0, data: { projectName: '水光针' } });
    expect(info.data.staff.sort()).toEqual(['何雪', '李明'].sort());
    const again = await call('wangzong', '/evaluate/reviewLink', { treatmentId });
    expect(again).toMatchObject({ code: 0 });
    expect(await open('/evaluate/open/info', { token })).toMatchObject({
      code: 403,
      msg: expect.stringContaining('已被撤销'),
    });
    expect(await open('/evaluate/open/info', { token: again.data.token })).toMatchObject({ code: 0 });
    // Someone out of the customer's scope cannot make one.
    expect(await call('zhenghao', '/evaluate/reviewLink', { treatmentId })).toMatchObject({ code: 403 });
  });

  it('refuses no link, a foreign or expired one', async () => {
    expect(await open('/evaluate/open/info', {})).toMatchObject({ code: 400 });
    expect(await open('/evaluate/open/info', { token: 'z'.repeat(32) })).toMatchObject({
      code: 403,
      msg: expect.stringContaining('链接无效'),
    });
    const { token, treatmentId } = await treated();
    await t.database.db.execute(sql`update sys_open_link set expire_time = now() - interval '1 minute'
      where link_id = (select link_id from clinic_review_link where treatment_id = ${treatmentId})`);
    expect(await open('/evaluate/open/info', { token })).toMatchObject({
      code: 403,
      msg: expect.stringContaining('已过期'),
    });
    expect(
      await open('/evaluate/open/submit', { token, effect: 5, service: 5, environment: 5, fileIds: [] }),
    ).toMatchObject({ code: 403, msg: expect.stringContaining('已过期') });
  });

  it('takes images only, within size and count, and nobody else’s file', async () => {
    const { token } = await treated();
    expect(
      await open('/evaluate/open/photo', { token, name: 'a.txt', data: Buffer.from('hello').toString('base64') }),
    ).toMatchObject({
      code: 400,
      msg: '只能上传图片（JPG、PNG、GIF、WEBP）',
    });
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024 + 10)]).toString('base64');
    expect(await open('/evaluate/open/photo', { token, name: 'big.png', data: big })).toMatchObject({
      code: 400,
      msg: '图片不能超过1MB，请压缩后再上传',
    });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const up = await open('/evaluate/open/photo', { token, name: `p${i}.png`, data: PNG });
      expect(up).toMatchObject({ code: 0 });
      ids.push(up.data.fileId);
    }
    expect(await open('/evaluate/open/photo', { token, name: 'p7.png', data: PNG })).toMatchObject({
      code: 400,
      msg: '最多上传6张照片',
    });
    // Another link's file is not this review's.
    const other = await treated();
    const foreign = await open('/evaluate/open/photo', { token: other.token, name: 'x.png', data: PNG });
    expect(
      await open('/evaluate/open/submit', {
        token,
        effect: 5,
        service: 5,
        environment: 5,
        fileIds: [ids[0], foreign.data.fileId],
      }),
    ).toMatchObject({ code: 400, msg: '照片不存在或不属于本次评价' });
    // The refused submit spent nothing: the same link submits with its own photos.
    const done = await open('/evaluate/open/submit', { token, effect: 5, service: 5, environment: 5, fileIds: ids });
    expect(done).toMatchObject({ code: 0 });
    const detail = await call('wangzong', '/evaluate/detail', { reviewId: done.data.reviewId });
    expect(detail.data.photos).toHaveLength(6);
    expect(detail.data.photoCount).toBe(6);
    const photo = await t.call('GET', detail.data.photos[0].url, { token: undefined });
    expect(photo.status).not.toBe(200);
  });
});

describe('photos of links that can no longer submit', () => {
  it('are deleted beside the next review upload; a live link keeps its own', async () => {
    const staged = (linkToken: string) =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int n from sys_file f join sys_open_link l on l.link_id = f.owner_id
            where f.owner_kind = 'clinic_review_link' and l.token_hash = ${hashOpenToken(linkToken)}`,
      ).then((r) => r[0]!.n);
    const expired = await treated();
    const revoked = await treated();
    const live = await treated();
    for (const { token } of [expired, revoked, live])
      expect(await open('/evaluate/open/photo', { token, name: 'p.png', data: PNG })).toMatchObject({ code: 0 });
    expect(await staged(expired.token)).toBe(1);
    await t.database.db.execute(sql`update sys_open_link set expire_time = now() - interval '1 hour'
      where token_hash = ${hashOpenToken(expired.token)}`);
    await t.database.db.execute(sql`update sys_open_link set revoke_time = now()
      where token_hash = ${hashOpenToken(revoked.token)}`);
    // Any link's next upload clears the dead links' photos.
    expect(await open('/evaluate/open/photo', { token: live.token, name: 'q.png', data: PNG })).toMatchObject({
      code: 0,
    });
    expect(await staged(expired.token)).toBe(0);
    expect(await staged(revoked.token)).toBe(0);
    expect(await staged(live.token)).toBe(2);
  });
});

describe('submitting a review', () => {
  it('issues the coupons of the rules it meets, once, under a double submit', async () => {
    const good = await rule({ name: '均分4券', minAverage: '4', minEach: 0 });
    const strict = await rule({ name: '全5分券', minAverage: '0', minEach: 5 });
    const off = await rule({ name: '停用券', enabled: false });
    const plain = await rule({ name: '非评价券', reviewReward: false });
    for (const r of [good, strict, off, plain]) expect(r).toMatchObject({ code: 0 });
    const { token } = await treated();
    const body = { token, effect: 5, service: 4, environment: 4, content: '效果很好', fileIds: [] };
    const answers = await Promise.all([open('/evaluate/open/submit', body), open('/evaluate/open/submit', body)]);
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(1);
    expect(answers.find((a) => a.code !== 0)).toMatchObject({ code: 403, msg: expect.stringContaining('已使用过') });
    expect(ok[0]!.data.coupons.map((c: { name: string }) => c.name)).toEqual(['均分4券']);
    const issued = await queryRows<{ rule_id: number; status: number; source: string }>(
      t.database.db,
      sql`select rule_id, status, source from clinic_coupon where source = 'review' and source_id = ${ok[0]!.data.reviewId}`,
    );
    expect(issued).toEqual([{ rule_id: good.data.ruleId, status: CouponStatus.usable, source: 'review' }]);
    expect(await open('/evaluate/open/submit', body)).toMatchObject({
      code: 403,
      msg: expect.stringContaining('已使用过'),
    });
    // Rules only for this test: the others' reviews earn nothing from them.
    for (const r of [good, strict, off, plain])
      await call('wangzong', '/evaluate/delCouponRule', { ruleId: r.data.ruleId });
  });

  it('refuses scores out of 1–5', async () => {
    const { token } = await treated();
    expect(await open('/evaluate/open/submit', { token, effect: 6, service: 5, environment: 5 })).toMatchObject({
      code: 400,
      msg: '请为效果打1到5分',
    });
    expect(await open('/evaluate/open/submit', { token, effect: 5, service: 5 })).toMatchObject({
      code: 400,
      msg: '请为环境打1到5分',
    });
  });
});

describe('the review list and follow-up', () => {
  let poorId: number;
  let goodId: number;
  beforeAll(async () => {
    const a = await treated();
    const poor = await open('/evaluate/open/submit', {
      token: a.token,
      effect: 2,
      service: 4,
      environment: 4,
      content: '没效果',
    });
    poorId = poor.data.reviewId;
    const b = await treated();
    const good = await open('/evaluate/open/submit', { token: b.token, effect: 5, service: 5, environment: 5 });
    goodId = good.data.reviewId;
  });

  it('filters by the lowest score and follow-up, within the customer’s scope', async () => {
    const poor = await call('wangzong', '/evaluate/list', { maxScore: 2 });
    expect(poor.data.list.map((r: { reviewId: number }) => r.reviewId)).toContain(poorId);
    expect(poor.data.list.map((r: { reviewId: number }) => r.reviewId)).not.toContain(goodId);
    const open1 = await call('wangzong', '/evaluate/list', { followStatus: 1 });
    expect(open1.data.list.every((r: { followStatus: number }) => r.followStatus === 1)).toBe(true);
    expect(open1.data.list.find((r: { reviewId: number }) => r.reviewId === poorId)).toMatchObject({
      customerName: '陈雨桐',
      projectName: '水光针',
      effect: 2,
      followStatus: 1,
    });
    const staff = await call('wangzong', '/evaluate/list', { staffId: uid.hexue });
    expect(staff.data.totalRow).toBeGreaterThan(0);
    const nobody = await call('wangzong', '/evaluate/list', { staffId: uid.zhenghao });
    expect(nobody.data.totalRow).toBe(0);
    // sunli owns 陈雨桐; zhenghao, another team, sees none of hers.
    expect((await call('sunli', '/evaluate/list', {})).data.totalRow).toBeGreaterThan(0);
    expect((await call('zhenghao', '/evaluate/list', {})).data.totalRow).toBe(0);
    expect(await call('zhenghao', '/evaluate/detail', { reviewId: poorId })).toMatchObject({ code: 403 });
    expect(await call('chenjing', '/evaluate/list', {})).toMatchObject({ code: 403 });
  });

  it('follows up a poor review until closed; a good one needs none', async () => {
    expect(await call('wangzong', '/evaluate/editFollow', { reviewId: goodId, content: '回访' })).toMatchObject({
      code: 400,
      msg: '只有差评需要跟进',
    });
    expect(await call('wangzong', '/evaluate/editFollow', { reviewId: poorId, content: '' })).toMatchObject({
      code: 400,
      msg: '请填写跟进内容',
    });
    expect(await call('sunli', '/evaluate/editFollow', { reviewId: poorId, content: '电话回访' })).toMatchObject({
      code: 403,
    });
    expect(
      await call('wangzong', '/evaluate/editFollow', { reviewId: poorId, content: '电话回访，约复诊' }),
    ).toMatchObject({ code: 0, data: { followStatus: 1 } });
    expect(
      await call('wangzong', '/evaluate/editFollow', { reviewId: poorId, content: '复诊后满意', closed: true }),
    ).toMatchObject({ code: 0, data: { followStatus: 2 } });
    expect(await call('wangzong', '/evaluate/editFollow', { reviewId: poorId, content: '再次' })).toMatchObject({
      code: 400,
      msg: '跟进已结束，不能再添加',
    });
    const list = await call('sunli', '/evaluate/followList', { reviewId: poorId });
    expect(list.data.map((f: { content: string; closed: boolean }) => [f.content, f.closed])).toEqual([
      ['电话回访，约复诊', false],
      ['复诊后满意', true],
    ]);
    expect(list.data[0].userName).toBe('王建国');
    expect(await call('zhenghao', '/evaluate/followList', { reviewId: poorId })).toMatchObject({ code: 403 });
    await expectLedgerAgrees(t);
  });

  it('exports the filtered list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/evaluate/excelExport',
      payload: { maxScore: 2 },
      headers: { 'admin-token': (await t.login('wangzong')) as string },
    });
    expect(res.headers['content-type']).toContain('spreadsheet');
  });
});
