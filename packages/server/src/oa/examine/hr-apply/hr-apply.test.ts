import { Msg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/sql.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/people.ts';

/** HR apply: an approved position transfer or probation confirmation, applied by HR with one click. */
let t: TestApp;
const { ids, call, signIn } = people(() => t);
let depts: Record<string, number>;
const category: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'huangmin', 'sunli', 'zhoujie', 'zhaoqiang', 'yangfan']);
  const tree = await call('admin', '/system/dept/queryDeptTree', { type: 'list' });
  depts = Object.fromEntries(tree.data.map((d: { name: string; id: number }) => [d.name, d.id]));
  // 转正 and 调岗 are seeded dedicated types with their own submit calls; an administrator's
  // category stands for any other type.
  for (const [type, title] of [['custom', '采购']]) {
    const made = await call('yangfan', '/OaExamineCategory/setExamineCategory', { title, examineType: 2 });
    category[type!] = made.data.categoryId;
    await t.database.db.execute(
      sql`update oa_examine_category set type = ${type} where category_id = ${made.data.categoryId}`,
    );
  }
});
afterAll(() => t.close());

/** An approval of `type` by `who`, approved by 赵强 unless `approve` is false. */
async function approval(type: string, who = 'sunli', approve = true) {
  const sent =
    type === 'positive'
      ? await call(who, '/OaExamine/setPositive', {
          oaExamine: { batchId: `h-${Math.random()}`, content: '申请' },
          oaExaminePositive: {
            post: '顾问',
            entryTime: '2026-02-01',
            understand: '服务客户',
            summary: '完成指标',
            proposal: '无',
          },
          checkUserId: [ids.zhaoqiang],
        })
      : type === 'postAdjust'
        ? await call(who, '/OaExamine/setPostAdjust', {
            oaExamine: { batchId: `h-${Math.random().toString(36).slice(2)}` },
            oaExaminePostAdjust: {
              userId: ids[who],
              idCard: '51010719900101123X',
              jobNumber: 'S-0012',
              entryTime: '2024-03-01',
              cause: '业务调整',
              oldDeptId: depts['销售一部'],
              oldPost: '销售代表',
              newDeptId: depts['财务部'],
              newPost: '出纳',
              leader: ids.huangmin,
              adjustTime: '2026-12-01',
            },
            checkUserId: [ids.zhaoqiang],
          })
        : await call(who, '/OaExamine/setOaExamine', {
            oaExamine: { categoryId: category[type], batchId: `h-${Math.random()}`, content: '申请' },
            checkUserId: [ids.zhaoqiang],
          });
  expect(sent.code).toBe(0);
  if (approve) await call('zhaoqiang', '/OaExamine/auditExamine', { recordId: sent.data.recordId, status: 1 });
  return sent.data.examineId as number;
}
const userRow = async (userId: number) =>
  (
    await queryRows<{ dept_id: number; post: string; parent_id: number; confirmed_time: string | null }>(
      t.database.db,
      sql`select dept_id, post, parent_id, confirmed_time from sys_user where user_id = ${userId}`,
    )
  )[0]!;

describe('a position transfer', () => {
  it('moves the person (department, post, leader), logged against the approval, once', async () => {
    const examineId = await approval('postAdjust');
    const before = await userRow(ids.sunli!);
    const move = { examineId, userId: ids.sunli, deptId: depts['财务部'], post: '出纳', parentId: ids.huangmin };
    const done = await call('huangmin', '/OaExamine/applyHrChange', move);
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({
      examineId,
      kind: 'positionTransfer',
      user: { realname: '孙丽' },
      before: { deptName: '销售一部', post: '销售代表', parentName: '赵强' },
      after: { deptName: '财务部', post: '出纳', parentName: '黄敏' },
      appliedBy: { realname: '黄敏' },
    });
    const after = await userRow(ids.sunli!);
    expect([after.dept_id, after.post, after.parent_id]).toEqual([depts['财务部'], '出纳', ids.huangmin]);
    expect(before.post).toBe('销售代表');
    // a second click changes nothing
    expect((await call('huangmin', '/OaExamine/applyHrChange', move)).msg).toBe('该审批已执行，不能重复执行');
    const logged = await call('huangmin', '/OaExamine/queryHrApply', { examineId });
    expect(logged.data).toMatchObject({ applyId: done.data.applyId, after: { post: '出纳' } });
  });

  it.each([
    [{ deptId: undefined }, '调岗后部门不能为空'],
    [{ post: '' }, '调岗后职位不能为空'],
    [{ parentId: undefined }, '调岗后领导不能为空'],
    [{ parentId: 'self' }, '调岗后领导不能是本人'],
    [{ deptId: 999999 }, '所选部门不存在'],
    [{ userId: undefined }, '姓名不能为空'],
    [{ userId: 999999 }, '员工不存在或已被禁用'],
  ])('refuses %j: %s', async (change, msg) => {
    const examineId = await approval('postAdjust', 'zhoujie');
    const body: Record<string, unknown> = {
      examineId,
      userId: ids.zhoujie,
      deptId: depts['销售二部'],
      post: '销售主管',
      parentId: ids.zhaoqiang,
      ...change,
    };
    if (body.parentId === 'self') body.parentId = ids.zhoujie;
    expect((await call('huangmin', '/OaExamine/applyHrChange', body)).msg).toBe(msg);
    expect((await userRow(ids.zhoujie!)).post).toBe('销售代表');
  });

  it('refuses a leader who reports to the person', async () => {
    const examineId = await approval('postAdjust', 'zhaoqiang');
    const res = await call('huangmin', '/OaExamine/applyHrChange', {
      examineId,
      userId: ids.zhaoqiang,
      deptId: depts['销售一部'],
      post: '经理',
      parentId: ids.zhoujie,
    });
    expect(res.msg).toBe('调岗后领导不能是本人的下属');
  });
});

describe('a probation confirmation', () => {
  it('confirms the applicant, once', async () => {
    const examineId = await approval('positive', 'zhoujie');
    expect((await userRow(ids.zhoujie!)).confirmed_time).toBeNull();
    expect(
      (await call('huangmin', '/OaExamine/applyHrChange', { examineId, userId: ids.zhoujie, confirm: 0 })).msg,
    ).toBe('请确认转正');
    expect((await call('huangmin', '/OaExamine/applyHrChange', { examineId, userId: ids.sunli, confirm: 1 })).msg).toBe(
      '转正人员须为申请人',
    );
    const done = await call('huangmin', '/OaExamine/applyHrChange', { examineId, userId: ids.zhoujie, confirm: 1 });
    expect(done.data).toMatchObject({ kind: 'probation', before: { confirmed: false }, after: { confirmed: true } });
    expect((await userRow(ids.zhoujie!)).confirmed_time).not.toBeNull();
    const again = await approval('positive', 'zhoujie');
    expect(
      (await call('huangmin', '/OaExamine/applyHrChange', { examineId: again, userId: ids.zhoujie, confirm: 1 })).msg,
    ).toBe('该员工已转正');
  });
});

describe('refusals', () => {
  it('not approved yet, another type, not found', async () => {
    const pending = await approval('positive', 'sunli', false);
    expect(
      (await call('huangmin', '/OaExamine/applyHrChange', { examineId: pending, userId: ids.sunli, confirm: 1 })).msg,
    ).toBe('审批通过后才能执行');
    const other = await approval('custom');
    expect(
      (await call('huangmin', '/OaExamine/applyHrChange', { examineId: other, userId: ids.sunli, confirm: 1 })).msg,
    ).toBe('只有调岗或转正审批可以执行');
    expect(
      (await call('huangmin', '/OaExamine/applyHrChange', { examineId: 999999, userId: ids.sunli, confirm: 1 })).msg,
    ).toBe('审批不存在');
    expect((await call('huangmin', '/OaExamine/queryHrApply', { examineId: other })).data).toBeNull();
  });

  it('needs the HR permission', async () => {
    const examineId = await approval('positive', 'sunli');
    expect((await call('sunli', '/OaExamine/applyHrChange', { examineId, userId: ids.sunli, confirm: 1 })).msg).toBe(
      Msg.forbidden,
    );
    expect((await call('sunli', '/OaExamine/queryHrApply', { examineId })).msg).toBe(Msg.forbidden);
  });
});
