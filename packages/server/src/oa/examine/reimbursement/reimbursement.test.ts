import { OpenLinkMsg, ReimbursementMsg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/people.ts';

let t: TestApp;
const { ids, call, signIn } = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing', 'liuyang', 'huangmin']);
});
afterAll(() => t.close());

const batch = () => `b-${Math.random().toString(36).slice(2)}`;
const travel = (money: string, description: string) => ({
  vehicle: '高铁',
  endAddress: '上海',
  startTime: '2026-05-11',
  endTime: '2026-05-12',
  money,
  description,
});
/** 孙丽's travel claim with 陈静 as the one approver. */
async function claim(): Promise<{ examineId: number; recordId: number }> {
  const sent = await call('sunli', '/OaExamine/setTravel', {
    oaExamine: { batchId: batch(), content: '上海医美展会差旅' },
    oaExamineTravels: [travel('553.5', '往返车票'), travel('800', '住宿两晚')],
    checkUserId: String(ids.chenjing),
    ccUserId: '',
  });
  expect(sent.code).toBe(0);
  const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId: sent.data.examineId });
  return { examineId: sent.data.examineId, recordId: info.data.recordId };
}
const openDetail = (token: string) => t.call('POST', '/open/reimbursement/detail', { body: { token } });

describe('/reimbursementDetail', () => {
  it('opens an approved claim by its link, with lines, total and who approved, and nothing once revoked', async () => {
    const { examineId, recordId } = await claim();
    expect(await call('sunli', '/OaExamine/reimbursementLink/create', { examineId })).toMatchObject({
      code: 400,
      msg: ReimbursementMsg.notApproved,
    });
    await call('chenjing', '/OaExamine/auditExamine', { recordId, status: 1, remarks: '票据齐全' });
    const made = await call('sunli', '/OaExamine/reimbursementLink/create', { examineId, label: '财务查验' });
    expect(made.code).toBe(0);
    expect(made.data.path).toMatch(/^\/reimbursementDetail\?token=/);
    const opened = await openDetail(made.data.token);
    expect(opened).toMatchObject({
      code: 0,
      data: {
        examineId,
        categoryTitle: '差旅报销',
        content: '上海医美展会差旅',
        applicant: '孙丽',
        total: 1353.5,
        lines: [
          { seq: 0, description: '往返车票', money: 553.5 },
          { description: '住宿两晚', money: 800 },
        ],
        approvals: [{ realname: '陈静', action: '同意', remarks: '票据齐全' }],
      },
    });
    // The approver sees the claim's links too, and may revoke one.
    const list = await call('chenjing', '/OaExamine/reimbursementLink/list', raw({ examineId }));
    expect(list.data.list).toMatchObject([{ linkId: made.data.linkId, label: '财务查验', createdBy: '孙丽' }]);
    expect(
      await call('chenjing', '/OaExamine/reimbursementLink/revoke', raw({ examineId, linkId: made.data.linkId })),
    ).toMatchObject({
      code: 0,
    });
    expect(await openDetail(made.data.token)).toMatchObject({ code: 403, msg: OpenLinkMsg.revoked });
  });

  it('refuses who may not see the approval, a claim that is not an expense, and another claim’s link id', async () => {
    const { examineId, recordId } = await claim();
    await call('chenjing', '/OaExamine/auditExamine', { recordId, status: 1 });
    expect((await call('liuyang', '/OaExamine/reimbursementLink/create', { examineId })).code).toBe(403);
    const leave = await call('sunli', '/OaExamine/setLeave', {
      oaExamine: { batchId: batch(), content: '回老家办事' },
      oaExamineLeave: {
        leaveType: 1,
        startTime: '2026-12-01',
        endTime: '2026-12-01',
        duration: 1,
        handoverUser: ids.liuyang,
        remark: '',
      },
      checkUserId: String(ids.chenjing),
      ccUserId: '',
    });
    expect(leave.msg).toBe('success');
    expect(
      await call('sunli', '/OaExamine/reimbursementLink/create', { examineId: leave.data.examineId }),
    ).toMatchObject({
      code: 400,
      msg: ReimbursementMsg.notExpense,
    });
    const other = await claim();
    await call('chenjing', '/OaExamine/auditExamine', { recordId: other.recordId, status: 1 });
    const link = await call('sunli', '/OaExamine/reimbursementLink/create', { examineId: other.examineId });
    // Revoking through a claim the link is not about finds nothing.
    expect(
      await call('sunli', '/OaExamine/reimbursementLink/revoke', raw({ examineId, linkId: link.data.linkId })),
    ).toMatchObject({
      code: 404,
    });
    expect((await openDetail(link.data.token)).code).toBe(0);
    expect(await call('sunli', '/OaExamine/reimbursementLink/create', { examineId: 99999999 })).toMatchObject({
      code: 404,
    });
  });
});
