import { ExamineStatus } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds } from '../../test/people.ts';
import { applyAction, startProcess } from './process.ts';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(() => t.close());

const db = () => t.database.db;
let subject = 1000;
const start = (flow: Parameters<typeof startProcess>[1]['flow'], subjectId = subject++) =>
  db().transaction((tx) =>
    startProcess(tx, { subjectType: 'oa', subjectId, categoryId: null, applicantId: ids.sunli!, flow }),
  );

describe('persisted approval process', () => {
  it('mirrors tasks and history into rows, and resubmits with the history kept', async () => {
    const flow = { examineType: 1 as const, steps: [{ stepType: 1 as const, userIds: [] }] };
    const subjectId = subject++;
    const { recordId, state } = await start(flow, subjectId);
    expect(state.status).toBe(ExamineStatus.pending);
    const pending = await queryRows<{ user_id: number; status: string }>(
      db(),
      sql`select user_id, status from examine_task where record_id = ${recordId}`,
    );
    expect(pending).toEqual([{ user_id: ids.zhaoqiang, status: 'pending' }]);
    await expect(applyAction(db(), recordId, { type: 'reject', userId: ids.zhaoqiang!, remarks: '' })).rejects.toThrow(
      '拒绝时请填写审批意见',
    );
    await applyAction(db(), recordId, { type: 'reject', userId: ids.zhaoqiang!, remarks: '资料不全' });
    const again = await start(flow, subjectId);
    expect(again.recordId).toBe(recordId);
    const [rec] = await queryRows<{ status: number; version: number }>(
      db(),
      sql`select status, version from examine_record where record_id = ${recordId}`,
    );
    expect(rec).toEqual({ status: ExamineStatus.pending, version: 3 });
    const tasks = await queryRows<{ round: number; status: string; superseded: boolean }>(
      db(),
      sql`select round, status, superseded from examine_task where record_id = ${recordId} order by seq`,
    );
    expect(tasks).toEqual([
      { round: 1, status: 'rejected', superseded: true },
      { round: 2, status: 'pending', superseded: false },
    ]);
    const kinds = await queryRows<{ kind: string }>(
      db(),
      sql`select kind from examine_log where record_id = ${recordId} order by seq`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['submit', 'reject', 'finish', 'submit']);
  });

  it('50 parallel approvals of one countersign step: 50 actions recorded, exactly one transition', async () => {
    const values = Array.from({ length: 50 }, (_, i) => ({
      username: `cs${i}`,
      passwordHash: 'x',
      realname: `会签${i}`,
      deptId: null,
    }));
    const created = await db().insert(users).values(values).returning({ id: users.id });
    const signers = created.map((c) => c.id);
    const { recordId } = await start({
      examineType: 1,
      steps: [
        { stepType: 3, userIds: signers },
        { stepType: 2, userIds: [ids.chenjing!] },
      ],
    });
    const results = await Promise.allSettled(
      signers.map((userId) => applyAction(db(), recordId, { type: 'approve', userId })),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const [counts] = await queryRows<{ approvals: number; pending_next: number; version: number }>(
      db(),
      sql`select
            (select count(*)::int from examine_log where record_id = ${recordId} and kind = 'approve') as approvals,
            (select count(*)::int from examine_task where record_id = ${recordId} and user_id = ${ids.chenjing!} and status = 'pending') as pending_next,
            (select version from examine_record where record_id = ${recordId}) as version`,
    );
    expect(counts).toEqual({ approvals: 50, pending_next: 1, version: 51 });
  });
});

describe('flow info of a record under review (contracts and receivables use the same engine)', () => {
  it('answers the record own plan, with the people resolved steps went to', async () => {
    const login = async (u: string) => t.login(u);
    const sunli = await login('sunli');
    // Real drafts of sunli's: only a record's readers learn of its review (subjects.ts).
    const customerId = (await customerIds(t)).陈雨桐;
    const draft = async (n: number) =>
      Number(
        (
          await t.post(
            '/CrmContract/saveAndUpdate',
            {
              entity: {
                num: `HT-FLOW-${n}`,
                name: `流程${n}`,
                customerId,
                money: '1',
                checkStatus: 5,
                batchId: `flow-info-${n}`,
              },
              field: [],
            },
            sunli,
          )
        ).data.id,
      );
    const subjectId = await draft(1);
    await db().transaction((tx) =>
      startProcess(tx, {
        subjectType: 'contract',
        subjectId,
        categoryId: null,
        applicantId: ids.sunli!,
        flow: {
          examineType: 1,
          steps: [
            { stepType: 1, userIds: [] },
            { stepType: 3, userIds: [ids.chenjing!, ids.liuyang!] },
          ],
        },
      }),
    );
    const res = await t.post('/OaExamine/queryExamineFlowInfo', { id: subjectId, categoryType: 1 }, sunli);
    expect(res.data).toEqual({
      examineType: 1,
      examineSteps: [
        { stepType: 1, userList: [{ userId: ids.zhaoqiang, realname: '赵强' }] },
        {
          stepType: 3,
          userList: [
            { userId: ids.chenjing, realname: '陈静' },
            { userId: ids.liuyang, realname: '刘洋' },
          ],
        },
      ],
      examineUser: null,
      examineUserName: '',
    });
    const stranger = await t.post(
      '/OaExamine/queryExamineFlowInfo',
      { id: subjectId, categoryType: 1 },
      await login('zhenghao'),
    );
    expect(stranger.msg).toBe('无权访问');
    const none = await t.post('/OaExamine/queryExamineFlowInfo', { id: await draft(2), categoryType: 1 }, sunli);
    expect(none.msg).toBe('该记录没有审核流程');
    const missing = await t.post('/OaExamine/queryExamineFlowInfo', { id: 999999, categoryType: 2 }, sunli);
    expect(missing.msg).toBe('回款不存在');
    const neither = await t.post('/OaExamine/queryExamineFlowInfo', {}, sunli);
    expect(neither.msg).toBe('请指定审批类型或记录');
  });
});
