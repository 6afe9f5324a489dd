import { describe, expect, it } from 'vitest';
import { dedicatedConditionFacts, factsOfType, stepApplies } from '../approval/conditions.ts';
import { registerExamineFormFacts } from './condition-facts.ts';

registerExamineFormFacts();

describe('the dedicated types feed conditional steps', () => {
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
