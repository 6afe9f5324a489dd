import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { download, sheetRows } from './excel/test-support.ts';
import { probeCustomFields, reviewedProbeServerKind } from './probe-kind.ts';
import { addProbeKind, addProbeSave, kindCalls } from './test-support.ts';

/**
 * Review on the approval engine by declaration alone (issue 27): the probe declares `review`
 * (categoryType 98, subject `probe`, category `crm_probe`) and nothing else is written for it —
 * its save submits or drafts, the generic review calls approve and refuse it, its state is a list
 * column, a filter and an Excel cell. Its flow (a chosen approver) is the system category this
 * test creates, as the seed creates 合同审核. sunli (销售一部) applies; zhenghao (销售二部, outside
 * her scope) reviews and reads the probe as its reviewer only; zhoujie may not read it at all;
 * zhaoqiang (her manager) exports it (a salesperson may not export).
 */
let t: TestApp;
const { ids: uid, tokens, call, signIn } = people(() => t);
const probes = kindCalls(call, 'CrmProbe');
const sk = reviewedProbeServerKind;
const CATEGORY_TYPE = 98;

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t, { customFields: async () => probeCustomFields }, sk);
  addProbeSave(t, async () => probeCustomFields, sk);
  await t.database.db.execute(
    sql`insert into oa_examine_category (title, type, is_system, status, examine_type)
        values ('样品审核', 'crm_probe', true, 1, 2)`,
  );
  await signIn(['sunli', 'zhenghao', 'zhoujie', 'zhaoqiang']);
});
afterAll(() => t.close());

/** A probe sunli saves for review by zhenghao (or as a draft). */
const submit = async (name: string, extra: { checkStatus?: number } = {}) => {
  const res = await probes.post('sunli', 'addOrUpdate', {
    entity: { batchId: probes.batch(), probeName: name, amount: 10, ...extra },
    field: [],
    checkUserId: uid.zhenghao,
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.id as number;
};
const statusOf = async (who: string, id: number) => (await probes.post(who, 'queryById', { id })).data.checkStatus;
const audit = (who: string, id: number, status: 1 | 2 | 4, remarks = '') =>
  call(who, '/CrmExamineRecord/auditExamine', { id, categoryType: CATEGORY_TYPE, status, remarks });
const review = (who: string, id: number) =>
  call(who, '/CrmExamineRecord/queryReview', { id, categoryType: CATEGORY_TYPE });

describe('a reviewed kind’s save', () => {
  it('submits for review: pending, the applicant may withdraw, the approver may decide and read it', async () => {
    const id = await submit('待审样品');
    expect(await statusOf('sunli', id)).toBe(0);
    expect((await review('sunli', id)).data).toMatchObject({ status: 0, canWithdraw: true, canAudit: false });
    expect((await review('zhenghao', id)).data).toMatchObject({ status: 0, canAudit: true });
    expect(await statusOf('zhenghao', id)).toBe(0);
    expect(await review('zhoujie', id)).toMatchObject({ code: 403, msg: '无权访问' });
  });

  it('saves a draft without a review; a chosen flow needs its approver', async () => {
    const id = await submit('草稿样品', { checkStatus: 5 });
    expect(await statusOf('sunli', id)).toBe(5);
    expect((await review('sunli', id)).data).toMatchObject({ recordId: null, status: null });
    const none = await probes.post('sunli', 'addOrUpdate', {
      entity: { batchId: probes.batch(), probeName: '无审批人' },
      field: [],
    });
    expect(none).toMatchObject({ code: 400, msg: '请选择审批人' });
  });
});

describe('the generic review calls', () => {
  it('approve: the record is approved and no longer editable', async () => {
    const id = await submit('通过的样品');
    expect(await audit('zhenghao', id, 1)).toMatchObject({ code: 0 });
    expect(await statusOf('sunli', id)).toBe(1);
    const edit = await probes.post('sunli', 'addOrUpdate', {
      entity: { probeId: id, batchId: probes.batch(), probeName: '改名' },
      field: [],
      checkUserId: uid.zhenghao,
    });
    expect(edit).toMatchObject({ code: 400, msg: '不能编辑，请先撤回再编辑！' });
  });

  it('refuse: the record is rejected, then edited and submitted again', async () => {
    const id = await submit('拒绝的样品');
    expect((await audit('sunli', id, 1)).code).not.toBe(0);
    expect(await audit('zhenghao', id, 2, '金额不对')).toMatchObject({ code: 0 });
    expect(await statusOf('sunli', id)).toBe(2);
    const again = await probes.post('sunli', 'addOrUpdate', {
      entity: { probeId: id, batchId: probes.batch(), probeName: '拒绝后改过的样品', amount: 12 },
      field: [],
      checkUserId: uid.zhenghao,
    });
    expect(again).toMatchObject({ code: 0 });
    expect(await statusOf('sunli', id)).toBe(0);
  });

  it('refuses a category type no kind is reviewed under, and a reader outside the record', async () => {
    const id = await submit('范围外');
    expect(await call('sunli', '/CrmExamineRecord/queryReview', { id, categoryType: 97 })).toMatchObject({
      code: 400,
      msg: '审批对象类型有误',
    });
    expect(await audit('zhoujie', id, 1)).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await audit('sunli', 999999, 1)).toMatchObject({ code: 404, msg: '样品不存在' });
  });
});

describe('the review’s state in the list and the export', () => {
  it('filters the list by the review’s state', async () => {
    await submit('筛选用的样品');
    const approved = await probes.post('sunli', 'queryPageList', {
      data: { checkStatus: { condition: 'is', value: 1 } },
    });
    expect(approved.data.list.map((r: { probeName: string }) => r.probeName)).toEqual(['通过的样品']);
    const pending = await probes.post('sunli', 'queryPageList', {
      data: { checkStatus: { condition: 'is', value: 0 } },
    });
    expect(pending.data.list.map((r: { probeName: string }) => r.probeName).sort()).toEqual(
      ['待审样品', '拒绝后改过的样品', '范围外', '筛选用的样品'].sort(),
    );
  });

  it('exports the state as its word', async () => {
    const res = await download(t, '/CrmProbe/excelExport', { search: '样品' }, tokens.zhaoqiang);
    const [head, ...rows] = await sheetRows(res.rawPayload);
    const name = head!.indexOf('样品名称');
    const state = head!.indexOf('审核状态');
    expect(state).toBeGreaterThan(-1);
    const byName = new Map(rows.map((r) => [r[name], r[state]]));
    expect(byName.get('通过的样品')).toBe('通过');
    expect(byName.get('草稿样品')).toBe('草稿');
    expect(byName.get('待审样品')).toBe('待审核');
  });
});
