import { describe, expect, it } from 'vitest';
import { act, approversOf, pendingApprovers, submit } from './engine.ts';
import { ExamineMsg } from './messages.ts';
import { type ExamineState, ExamineStatus, type Flow, type OrgChart } from './types.ts';

// Org: 1 applicant → 2 → 3 → 4 (top). Finance 5 (→3), 6 (→4), 7. 8 is disabled. 9 is the approval admin.
const supervisors: Record<number, number | null> = {
  1: 2,
  2: 3,
  3: 4,
  4: null,
  5: 3,
  6: 4,
  7: null,
  8: 2,
  9: null,
  10: 8,
};
const org = (admins = [9]): OrgChart => ({
  supervisorOf: (id) => supervisors[id] ?? null,
  isActive: (id) => id !== 8,
  approvalAdmins: admins,
});
const fixed = (...steps: [1 | 2 | 3 | 4, number[]?][]): Flow => ({
  examineType: 1,
  steps: steps.map(([stepType, userIds = []]) => ({ stepType, userIds })),
});
const chosen = (...approverIds: number[]): Flow => ({ examineType: 2, approverIds });

const approve = (s: ExamineState, userId: number, extra: { nextUserId?: number } = {}, o = org()) =>
  act(s, { type: 'approve', userId, ...extra }, o);
const taskOf = (s: ExamineState, userId: number) => s.tasks.filter((t) => t.userId === userId).at(-1);

describe('step types', () => {
  it('type 1 goes to the head supervisor of the applicant', () => {
    const s = submit(1, fixed([1]), org());
    expect(s.status).toBe(ExamineStatus.pending);
    expect(pendingApprovers(s)).toEqual([2]);
    expect(approve(s, 2).status).toBe(ExamineStatus.approved);
  });

  it('type 2 (或签) is settled by the first approval; the others close as no longer needed', () => {
    const s = approve(submit(1, fixed([2, [5, 6]]), org()), 6);
    expect(s.status).toBe(ExamineStatus.approved);
    expect(taskOf(s, 5)).toMatchObject({ status: 'closed', reason: 'settledByOther' });
  });

  it('type 2 is settled by the first rejection too', () => {
    const s = act(submit(1, fixed([2, [5, 6]]), org()), { type: 'reject', userId: 5, remarks: '金额不对' }, org());
    expect(s.status).toBe(ExamineStatus.rejected);
    expect(taskOf(s, 6)).toMatchObject({ status: 'closed', reason: 'closedByRejection' });
  });

  it('type 3 (会签) needs everyone; in progress until then', () => {
    let s = submit(1, fixed([3, [5, 6, 7]]), org());
    s = approve(s, 5);
    expect(s.status).toBe(ExamineStatus.inProgress);
    expect(pendingApprovers(s)).toEqual([6, 7]);
    s = approve(approve(s, 7), 6);
    expect(s.status).toBe(ExamineStatus.approved);
  });

  it('type 3: one rejection rejects the approval and closes the siblings', () => {
    let s = approve(submit(1, fixed([3, [5, 6, 7]]), org()), 5);
    s = act(s, { type: 'reject', userId: 6, remarks: '不同意' }, org());
    expect(s.status).toBe(ExamineStatus.rejected);
    expect(taskOf(s, 7)).toMatchObject({ status: 'closed', reason: 'closedByRejection' });
    expect(taskOf(s, 5)?.status).toBe('approved');
  });

  it('type 4 goes to the supervisor of whoever approved the previous step', () => {
    let s = submit(1, fixed([2, [5, 6]], [4]), org());
    s = approve(s, 6);
    expect(pendingApprovers(s)).toEqual([4]);
    s = submit(1, fixed([2, [5, 6]], [4]), org());
    expect(pendingApprovers(approve(s, 5))).toEqual([3]);
  });

  it('type 4 after a countersign uses the last one who approved', () => {
    let s = submit(1, fixed([3, [5, 6]], [4]), org());
    s = approve(approve(s, 6), 5);
    expect(pendingApprovers(s)).toEqual([3]);
  });

  it('type 4 as the first step uses the applicant', () => {
    expect(pendingApprovers(submit(1, fixed([4]), org()))).toEqual([2]);
  });
});

describe('automatic decisions, each recorded with its reason', () => {
  it('a flow with no steps is approved at once', () => {
    const s = submit(1, fixed(), org());
    expect(s.status).toBe(ExamineStatus.approved);
    expect(s.log.map((e) => e.kind)).toEqual(['submit', 'finish']);
  });

  it('a missing supervisor sends the step to the approval admins', () => {
    const s = submit(4, fixed([1]), org());
    expect(pendingApprovers(s)).toEqual([9]);
    expect(s.log).toContainEqual(expect.objectContaining({ kind: 'auto', reason: 'noSupervisor', targetIds: [9] }));
  });

  it('a disabled supervisor counts as missing', () => {
    expect(pendingApprovers(submit(10, fixed([1]), org()))).toEqual([9]);
  });

  it('with no admins either, the step is skipped as having no approver', () => {
    const s = submit(4, fixed([1], [2, [5]]), org([]));
    expect(pendingApprovers(s)).toEqual([5]);
    expect(s.log).toContainEqual(expect.objectContaining({ kind: 'auto', reason: 'noApprover', userId: null }));
  });

  it('disabled listed approvers are left out; all disabled goes to the admins', () => {
    expect(pendingApprovers(submit(1, fixed([2, [8, 5]]), org()))).toEqual([5]);
    expect(pendingApprovers(submit(1, fixed([2, [8]]), org()))).toEqual([9]);
  });

  it('the applicant as an approver is auto-approved (self-approval skip)', () => {
    const s = submit(5, fixed([2, [5, 6]]), org());
    expect(s.status).toBe(ExamineStatus.approved);
    expect(taskOf(s, 5)).toMatchObject({ status: 'approved', reason: 'selfApproval' });
    expect(s.log).toContainEqual(expect.objectContaining({ kind: 'auto', reason: 'selfApproval', userId: 5 }));
  });

  it('in a countersign the applicant is skipped and the others still approve', () => {
    const s = submit(5, fixed([3, [5, 6]]), org());
    expect(s.status).toBe(ExamineStatus.inProgress);
    expect(pendingApprovers(s)).toEqual([6]);
  });

  it('the same person twice in a row approves once', () => {
    let s = submit(1, fixed([1], [2, [2]], [2, [5]]), org());
    s = approve(s, 2);
    expect(taskOf(s, 2)).toMatchObject({ status: 'approved', reason: 'duplicateApprover' });
    expect(pendingApprovers(s)).toEqual([5]);
  });

  it('a person twice but not in a row approves twice', () => {
    let s = submit(1, fixed([2, [5]], [2, [6]], [2, [5]]), org());
    s = approve(approve(s, 5), 6);
    expect(pendingApprovers(s)).toEqual([5]);
  });
});

describe('chosen approvers (examineType 2)', () => {
  it('each level in turn, all must approve', () => {
    let s = submit(1, chosen(2, 3, 4), org());
    expect(pendingApprovers(s)).toEqual([2]);
    s = approve(s, 2);
    expect(s.status).toBe(ExamineStatus.inProgress);
    expect(pendingApprovers(s)).toEqual([3]);
    s = approve(approve(s, 3), 4);
    expect(s.status).toBe(ExamineStatus.approved);
  });

  it('an approver may pass on to a next approver (nextUserId)', () => {
    let s = approve(submit(1, chosen(2, 3), org()), 2, { nextUserId: 5 });
    expect(pendingApprovers(s)).toEqual([5]);
    s = approve(s, 5);
    expect(pendingApprovers(s)).toEqual([3]);
  });

  it('refuses nextUserId in a fixed flow', () => {
    expect(() => approve(submit(1, fixed([1]), org()), 2, { nextUserId: 5 })).toThrow(ExamineMsg.nextOnlyChosen);
  });
});

describe('withdraw, reject and resubmit', () => {
  it.each([
    [
      'reject without remarks',
      (s: ExamineState) => act(s, { type: 'reject', userId: 2, remarks: ' ' }, org()),
      ExamineMsg.rejectRemarks,
    ],
    [
      'withdraw without remarks',
      (s: ExamineState) => act(s, { type: 'withdraw', userId: 1, remarks: '' }, org()),
      ExamineMsg.withdrawRemarks,
    ],
    [
      'withdraw by someone else',
      (s: ExamineState) => act(s, { type: 'withdraw', userId: 2, remarks: 'x' }, org()),
      ExamineMsg.withdrawOnlyApplicant,
    ],
    ['approve by a stranger', (s: ExamineState) => approve(s, 7), ExamineMsg.noPendingTask],
    ['resubmit while pending', (s: ExamineState) => submit(1, fixed([1]), org(), s), ExamineMsg.resubmitState],
  ])('refuses %s', (_name, run, msg) => {
    expect(() => run(submit(1, fixed([1]), org()))).toThrow(msg);
  });

  it('withdraw closes the open tasks; nothing more can be done but resubmitting', () => {
    const s = act(submit(1, fixed([1], [2, [5]]), org()), { type: 'withdraw', userId: 1, remarks: '写错了' }, org());
    expect(s.status).toBe(ExamineStatus.withdrawn);
    expect(taskOf(s, 2)).toMatchObject({ status: 'closed', reason: 'withdrawn' });
    expect(() => approve(s, 2)).toThrow(ExamineMsg.finished);
    expect(() => act(s, { type: 'withdraw', userId: 1, remarks: 'again' }, org())).toThrow(ExamineMsg.withdrawState);
  });

  it('an admin may withdraw on behalf of the applicant', () => {
    const s = act(
      submit(1, fixed([1]), org()),
      { type: 'withdraw', userId: 9, remarks: '代撤回', isAdmin: true },
      org(),
    );
    expect(s.status).toBe(ExamineStatus.withdrawn);
  });

  it('an approved approval cannot be withdrawn', () => {
    const s = approve(submit(1, fixed([1]), org()), 2);
    expect(() => act(s, { type: 'withdraw', userId: 1, remarks: 'x' }, org())).toThrow(ExamineMsg.withdrawState);
  });

  it('resubmitting after a rejection starts again from the first step; old tasks stay, superseded', () => {
    let s = submit(1, fixed([1], [2, [5]]), org());
    s = act(approve(s, 2), { type: 'reject', userId: 5, remarks: '缺发票' }, org());
    s = submit(1, fixed([1], [2, [5]]), org(), s);
    expect(s.round).toBe(2);
    expect(s.status).toBe(ExamineStatus.pending);
    expect(pendingApprovers(s)).toEqual([2]);
    const old = s.tasks.filter((t) => t.round === 1);
    expect(old.map((t) => [t.userId, t.status, t.superseded])).toEqual([
      [2, 'approved', true],
      [5, 'rejected', true],
    ]);
    expect(s.pastSteps).toHaveLength(2);
    s = approve(approve(s, 2), 5);
    expect(s.status).toBe(ExamineStatus.approved);
  });
});

describe('transfer (转交)', () => {
  it('hands the task to another person, who then decides', () => {
    let s = act(submit(1, fixed([1]), org()), { type: 'transfer', userId: 2, toUserId: 7, remarks: '出差' }, org());
    expect(taskOf(s, 2)?.status).toBe('transferred');
    expect(pendingApprovers(s)).toEqual([7]);
    expect(() => approve(s, 2)).toThrow(ExamineMsg.noPendingTask);
    s = approve(s, 7);
    expect(s.status).toBe(ExamineStatus.approved);
  });

  it.each([
    [2, ExamineMsg.transferSelf],
    [1, ExamineMsg.transferApplicant],
    [8, ExamineMsg.inactiveUser],
    [6, ExamineMsg.alreadyInStep],
  ])('refuses a transfer to %i', (toUserId, msg) => {
    const s = submit(1, fixed([2, [2, 6]]), org());
    expect(() => act(s, { type: 'transfer', userId: 2, toUserId, remarks: '' }, org())).toThrow(msg);
  });

  it('a transfer within a countersign keeps the step waiting for the new person', () => {
    let s = act(submit(1, fixed([3, [5, 6]]), org()), { type: 'transfer', userId: 5, toUserId: 7 }, org());
    s = approve(s, 6);
    expect(pendingApprovers(s)).toEqual([7]);
    expect(approve(s, 7).status).toBe(ExamineStatus.approved);
  });
});

describe('add approver (加签)', () => {
  it('before: the added people approve first, then the step resumes with me', () => {
    let s = act(
      submit(1, fixed([1]), org()),
      { type: 'addApprover', userId: 2, targetIds: [5, 6], position: 'before' },
      org(),
    );
    expect(taskOf(s, 2)?.status).toBe('waiting');
    expect(pendingApprovers(s)).toEqual([5, 6]);
    s = approve(approve(s, 5), 6);
    expect(pendingApprovers(s)).toEqual([2]);
    expect(approve(s, 2).status).toBe(ExamineStatus.approved);
  });

  it('after: my approval counts and the added people approve next', () => {
    let s = act(
      submit(1, fixed([1], [2, [7]]), org()),
      { type: 'addApprover', userId: 2, targetIds: [5], position: 'after' },
      org(),
    );
    expect(taskOf(s, 2)?.status).toBe('approved');
    expect(pendingApprovers(s)).toEqual([5]);
    s = approve(s, 5);
    expect(pendingApprovers(s)).toEqual([7]);
  });

  it('refuses an empty target list or the applicant', () => {
    const s = submit(1, fixed([1]), org());
    expect(() => act(s, { type: 'addApprover', userId: 2, targetIds: [2], position: 'after' }, org())).toThrow(
      ExamineMsg.addTargetsRequired,
    );
    expect(() => act(s, { type: 'addApprover', userId: 2, targetIds: [1], position: 'after' }, org())).toThrow(
      ExamineMsg.transferApplicant,
    );
  });
});

describe('return (退回)', () => {
  it('to the applicant: status returned, then edit and resubmit', () => {
    let s = act(
      submit(1, fixed([1]), org()),
      { type: 'return', userId: 2, toStep: 'applicant', remarks: '请补充' },
      org(),
    );
    expect(s.status).toBe(ExamineStatus.returned);
    s = submit(1, fixed([1]), org(), s);
    expect(pendingApprovers(s)).toEqual([2]);
  });

  it('to an earlier step: that step and the ones after it are done again', () => {
    let s = approve(submit(1, fixed([2, [5]], [2, [6]]), org()), 5);
    const first = s.plan[0]!.id;
    s = act(s, { type: 'return', userId: 6, toStep: first, remarks: '金额核对' }, org());
    expect(s.status).toBe(ExamineStatus.pending);
    expect(pendingApprovers(s)).toEqual([5]);
    expect(s.tasks.filter((t) => t.userId === 5).map((t) => [t.status, t.superseded])).toEqual([
      ['approved', true],
      ['pending', false],
    ]);
    s = approve(approve(s, 5), 6);
    expect(s.status).toBe(ExamineStatus.approved);
  });

  it('refuses a step not yet passed and a missing reason', () => {
    const s = approve(submit(1, fixed([2, [5]], [2, [6]]), org()), 5);
    expect(() => act(s, { type: 'return', userId: 6, toStep: s.plan[1]!.id, remarks: 'x' }, org())).toThrow(
      ExamineMsg.returnTarget,
    );
    expect(() => act(s, { type: 'return', userId: 6, toStep: 'applicant', remarks: '' }, org())).toThrow(
      ExamineMsg.returnRemarks,
    );
  });
});

describe('participants', () => {
  it('lists every approver who appears in any round', () => {
    let s = submit(1, fixed([2, [5, 6]]), org());
    s = act(s, { type: 'transfer', userId: 5, toUserId: 7 }, org());
    expect([...approversOf(s)].sort()).toEqual([5, 6, 7]);
  });
});
