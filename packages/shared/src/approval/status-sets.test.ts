import { describe, expect, it } from 'vitest';
import { act, submit } from './engine.ts';
import { permittedActions } from './permitted.ts';
import {
  canStartFrom,
  examineStatusOrder,
  examineTransitions,
  isLiveStatus,
  isReopenableStatus,
} from './status-sets.ts';
import { type ExamineState, ExamineStatus, type OrgChart } from './types.ts';

const org: OrgChart = { supervisorOf: (id) => (id === 1 ? 2 : null), isActive: () => true, approvalAdmins: [9] };
const flow = { examineType: 2 as const, approverIds: [2, 3] };

describe('approval status sets', () => {
  it('name every status once, in list order', () => {
    expect(examineStatusOrder).toEqual([0, 3, 1, 2, 4, 5]);
    expect([...examineStatusOrder].sort()).toEqual(Object.values(ExamineStatus).sort());
  });

  it.each([
    [0, true, false],
    [3, true, false],
    [1, false, false],
    [2, false, true],
    [4, false, true],
    [5, false, true],
  ])('status %i: live %s, back with the applicant %s', (status, live, reopenable) => {
    expect(isLiveStatus(status)).toBe(live);
    expect(isReopenableStatus(status)).toBe(reopenable);
    expect(canStartFrom('urge', status)).toBe(live);
    expect(canStartFrom('delete', status)).toBe(reopenable);
  });

  it('end where the table says: submit, approve, reject, withdraw, return, resubmit', () => {
    const ends = (action: keyof typeof examineTransitions, s: ExamineState) => {
      expect(examineTransitions[action].to).toContain(s.status);
      return s;
    };
    const s0 = ends('submit', submit(1, flow, org));
    const s1 = ends('approve', act(s0, { type: 'approve', userId: 2 }, org));
    expect(s1.status).toBe(ExamineStatus.inProgress);
    const back = ends('return', act(s1, { type: 'return', userId: 3, toStep: 'applicant', remarks: '补充' }, org));
    expect(back.status).toBe(ExamineStatus.returned);
    const again = ends('resubmit', submit(1, flow, org, back));
    ends('reject', act(again, { type: 'reject', userId: 2, remarks: '不行' }, org));
    ends('withdraw', act(again, { type: 'withdraw', userId: 1, remarks: '撤回' }, org));
  });

  it('refuse actions from statuses outside their table', () => {
    const done = act(
      act(submit(1, flow, org), { type: 'approve', userId: 2 }, org),
      { type: 'approve', userId: 3 },
      org,
    );
    expect(done.status).toBe(ExamineStatus.approved);
    expect(() => act(done, { type: 'withdraw', userId: 1, remarks: 'x' }, org)).toThrow(
      '只有待审或审批中的审批可以撤回',
    );
    expect(() => submit(1, flow, org, done)).toThrow();
  });

  it('decide what the viewer may do', () => {
    const s = submit(1, flow, org);
    expect(permittedActions(s, { userId: 1, isSuper: false })).toMatchObject({
      withdraw: true,
      urge: true,
      edit: false,
      delete: false,
    });
    expect(permittedActions(s, { userId: 2, isSuper: false })).toMatchObject({ approve: true, withdraw: false });
    const back = act(s, { type: 'withdraw', userId: 1, remarks: '撤回' }, org);
    expect(permittedActions(back, { userId: 1, isSuper: false })).toMatchObject({
      edit: true,
      delete: true,
      urge: false,
      withdraw: false,
    });
    expect(permittedActions(back, { userId: 2, isSuper: false })).toMatchObject({ approve: false, delete: false });
    expect(permittedActions(back, { userId: 7, isSuper: true })).toMatchObject({ delete: true, edit: false });
  });
});
