import { describe, expect, it } from 'vitest';
import { stepApplies } from '../approval/conditions.ts';
import { dedicatedConditionFacts, examineFormFacts, factsOfType } from './condition-facts.ts';
import { examineForms } from './definitions.ts';

describe('the dedicated types feed conditional steps', () => {
  // The keys configured conditions name (docs/adding-an-approval-type.md): a renamed key would
  // silently turn a saved condition into a missing fact.
  it('declares the documented facts of each dedicated type, as the flow editor offers them', () => {
    const keys = Object.fromEntries(Object.entries(dedicatedConditionFacts).map(([t, f]) => [t, f.map((x) => x.key)]));
    expect(keys).toEqual({
      leave: ['duration', 'leaveType'],
      travel: ['money'],
      reserveFund: ['money'],
      payment: ['money'],
      administrative: ['money'],
      predict: ['money'],
      planningDemand: ['count'],
      cardReplacement: ['cardReplacementMode'],
    });
    const types = new Set(examineForms.map((f) => f.type));
    for (const type of Object.keys(examineFormFacts)) expect(types.has(type), type).toBe(true);
  });

  it('reads no facts for a type without a source, whatever its name', () => {
    for (const type of ['general', 'toString', 'constructor', '__proto__'])
      expect(factsOfType(type, { duration: 5, money: 10 })).toEqual({});
  });

  it.each([
    [
      'leave',
      { leaveType: 1, duration: 4, startTime: '2026-11-24', endTime: '2026-11-27' },
      { duration: 4, leaveType: '年假' },
    ],
    ['travel', [{ money: '1200.5' }, { money: 300 }], { money: 1500.5 }],
    ['payment', [{ money: '-20' }, { money: '100' }], { money: 80 }],
    ['predict', { predictTurnover: '88000' }, { money: 88000 }],
    ['cardReplacement', { cardReplacementMode: 'off' }, { cardReplacementMode: 'off' }],
    ['planningDemand', { codeNo: '1020001', count: '12' }, { count: 12 }],
  ])('%s: facts read from the block', (type, block, facts) => {
    expect(factsOfType(type, block)).toEqual(facts);
  });

  it('a half-filled form gives missing facts, so its conditional steps still apply', () => {
    const leave = factsOfType('leave', { leaveType: undefined, duration: '' });
    expect(leave).toEqual({ duration: undefined, leaveType: undefined });
    expect(stepApplies({ fact: 'duration', op: 'gt', value: 3 }, leave)).toBe(true);
    expect(factsOfType('travel', [])).toEqual({});
    expect(factsOfType('administrative', null)).toEqual({});
  });

  it('a leave longer than three days meets "duration > 3"; a choice fact offers the leave types', () => {
    expect(
      stepApplies({ fact: 'duration', op: 'gt', value: 3 }, factsOfType('leave', { leaveType: 2, duration: 2 })),
    ).toBe(false);
    expect(
      stepApplies({ fact: 'duration', op: 'gt', value: 3 }, factsOfType('leave', { leaveType: 2, duration: 5 })),
    ).toBe(true);
    expect(dedicatedConditionFacts.leave?.find((f) => f.key === 'leaveType')?.options).toContain('年假');
  });
});
