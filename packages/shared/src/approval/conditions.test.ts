import { describe, expect, it } from 'vitest';
import {
  type ConditionFactSource,
  type ConditionFacts,
  evaluateCondition,
  fieldFacts,
  readFacts,
  type StepCondition,
  stepApplies,
} from './conditions.ts';
import { act, pendingApprovers, submit } from './engine.ts';
import { type ExamineState, ExamineStatus, type Flow, type OrgChart } from './types.ts';

// 1 applicant → supervisor 2. Finance director 5, general manager 6.
const org: OrgChart = { supervisorOf: (id) => (id === 1 ? 2 : null), isActive: () => true, approvalAdmins: [9] };

/** Supervisor, then the finance director only above 5,000, then the GM only for leave over 3 days. */
const flow: Flow = {
  examineType: 1,
  steps: [
    { stepType: 1, userIds: [] },
    { stepType: 2, userIds: [5], condition: { fact: '金额', op: 'gt', value: 5000 } },
    { stepType: 2, userIds: [6], condition: { fact: 'duration', op: 'gt', value: 3 } },
  ],
};
const approve = (s: ExamineState, userId: number) => act(s, { type: 'approve', userId }, org);
const skipped = (s: ExamineState) =>
  s.log.filter((e) => e.round === s.round && e.reason === 'conditionUnmet').map((e) => e.stepId);

describe('evaluateCondition', () => {
  const cases: [string, StepCondition, ConditionFacts, ReturnType<typeof evaluateCondition>][] = [
    ['above a threshold', { fact: 'money', op: 'gt', value: 5000 }, { money: '5000.01' }, 'met'],
    ['at the threshold is not above it', { fact: 'money', op: 'gt', value: 5000 }, { money: 5000 }, 'unmet'],
    ['at least', { fact: 'money', op: 'gte', value: 5000 }, { money: '5,000' }, 'met'],
    ['below', { fact: 'duration', op: 'lt', value: 3 }, { duration: 2 }, 'met'],
    ['at most', { fact: 'duration', op: 'lte', value: 3 }, { duration: 4 }, 'unmet'],
    ['select equal', { fact: '类型', op: 'eq', value: '设备' }, { 类型: '设备' }, 'met'],
    ['select not equal', { fact: '类型', op: 'neq', value: '设备' }, { 类型: '设备' }, 'unmet'],
    ['select in a set', { fact: '类型', op: 'in', value: ['设备', '耗材'] }, { 类型: '耗材' }, 'met'],
    ['select not in a set', { fact: '类型', op: 'notIn', value: ['设备', '耗材'] }, { 类型: '办公' }, 'met'],
    ['checkbox: any answer in the set', { fact: '标签', op: 'in', value: ['急'] }, { 标签: ['普通', '急'] }, 'met'],
    [
      'department in a set (ancestors)',
      { fact: 'applicantDept', op: 'in', value: [3] },
      { applicantDept: [7, 3, 1] },
      'met',
    ],
    ['department not in a set', { fact: 'applicantDept', op: 'in', value: [4] }, { applicantDept: [7, 3, 1] }, 'unmet'],
    ['field missing', { fact: 'money', op: 'gt', value: 5000 }, {}, 'missing'],
    ['field blank', { fact: 'money', op: 'gt', value: 5000 }, { money: ' ' }, 'missing'],
    ['not a number', { fact: 'money', op: 'gt', value: 5000 }, { money: 'abc' }, 'missing'],
  ];
  it.each(cases)('%s', (_, condition, facts, outcome) => {
    expect(evaluateCondition(condition, facts)).toBe(outcome);
  });

  it('a step applies unless its condition is known not to hold', () => {
    expect(stepApplies(undefined, {})).toBe(true);
    expect(stepApplies({ fact: 'money', op: 'gt', value: 1 }, {})).toBe(true);
    expect(stepApplies({ fact: 'money', op: 'gt', value: 1 }, { money: 0 })).toBe(false);
  });

  it('reads designed fields by name, numbers and choices only', () => {
    const fields = [
      { fieldName: '金额', formType: 'floatnumber' },
      { fieldName: '类型', formType: 'select' },
      { fieldName: '附件', formType: 'file' },
    ];
    expect(fieldFacts(fields, { 金额: '12.5', 类型: '设备', 附件: 'batch' })).toEqual({ 金额: '12.5', 类型: '设备' });
  });
});

describe('conditional steps in the engine', () => {
  it('condition true: the step applies', () => {
    let s = submit(1, flow, org, undefined, { 金额: '8000', duration: 1 });
    expect(pendingApprovers(s)).toEqual([2]);
    s = approve(s, 2);
    expect(pendingApprovers(s)).toEqual([5]);
    s = approve(s, 5);
    expect(s.status).toBe(ExamineStatus.approved);
    expect(skipped(s)).toEqual([3]);
  });

  it('condition false: the step is skipped with its reason and the flow goes on', () => {
    let s = submit(1, flow, org, undefined, { 金额: '800', duration: 5 });
    expect(s.plan.map((p) => p.skip ?? null)).toEqual([null, 'conditionUnmet', null]);
    s = approve(s, 2);
    expect(pendingApprovers(s)).toEqual([6]);
    expect(s.log.find((e) => e.stepId === 2)).toMatchObject({ kind: 'auto', userId: null, reason: 'conditionUnmet' });
    expect(s.tasks.some((t) => t.stepId === 2)).toBe(false);
  });

  it('field missing: the step applies (never lose an approver to an empty value)', () => {
    let s = submit(1, flow, org, undefined, {});
    s = approve(s, 2);
    expect(pendingApprovers(s)).toEqual([5]);
  });

  it('every conditional step false after an approval: finished at once', () => {
    const s = approve(submit(1, flow, org, undefined, { 金额: 10, duration: 1 }), 2);
    expect(s.status).toBe(ExamineStatus.approved);
    expect(skipped(s)).toEqual([2, 3]);
  });

  it('value changed on resubmit: the flow changes with it', () => {
    let s = submit(1, flow, org, undefined, { 金额: '800', duration: 1 });
    s = act(s, { type: 'reject', userId: 2, remarks: '金额写错了' }, org);
    expect(s.status).toBe(ExamineStatus.rejected);
    s = submit(1, flow, org, s, { 金额: '8800', duration: 1 });
    expect(s.plan.map((p) => p.skip ?? null)).toEqual([null, null, 'conditionUnmet']);
    s = approve(s, 2);
    expect(pendingApprovers(s)).toEqual([5]);
    // and back again: a lower amount drops the finance step
    s = act(s, { type: 'reject', userId: 5, remarks: '请降低金额' }, org);
    s = submit(1, flow, org, s, { 金额: '300', duration: 1 });
    s = approve(s, 2);
    expect(s.status).toBe(ExamineStatus.approved);
  });
});

describe('a dedicated type plugs in its facts', () => {
  it('declares its facts and reads them from its submitted block', () => {
    const source: ConditionFactSource<{ lines: { money: string }[] }> = {
      facts: [{ key: 'money', label: '金额', kind: 'number' }],
      read: (b) => ({ money: b.lines.reduce((sum, l) => sum + Number(l.money), 0) }),
    };
    const testExpense = source as ConditionFactSource;
    const facts = readFacts(testExpense, { lines: [{ money: '3000' }, { money: '2500.5' }] });
    expect(facts).toEqual({ money: 5500.5 });
    expect(stepApplies({ fact: 'money', op: 'gt', value: 5000 }, facts)).toBe(true);
    // a type without a source, or no block: no facts (its conditional steps apply)
    expect(readFacts(undefined, { duration: 5 })).toEqual({});
    expect(readFacts(testExpense, undefined)).toEqual({});
    expect(readFacts(testExpense, null)).toEqual({});
  });
});
