import { describe, expect, it } from 'vitest';
import { agencyPermitted } from './rules.ts';

describe('agencyPermitted', () => {
  it.each([
    [
      'advisor, waiting',
      { status: 1, isAssignee: true, isAssigner: false },
      { accept: true, mark: true, complete: false, revoke: false },
    ],
    [
      'advisor, accepted',
      { status: 2, isAssignee: true, isAssigner: false },
      { accept: false, mark: true, complete: true, revoke: false },
    ],
    [
      'advisor, done',
      { status: 3, isAssignee: true, isAssigner: false },
      { accept: false, mark: false, complete: false, revoke: false },
    ],
    [
      'assigner, waiting',
      { status: 1, isAssignee: false, isAssigner: true },
      { accept: false, mark: false, complete: false, revoke: true },
    ],
    [
      'assigner, accepted',
      { status: 2, isAssignee: false, isAssigner: true },
      { accept: false, mark: false, complete: false, revoke: true },
    ],
    [
      'assigner, revoked',
      { status: 4, isAssignee: false, isAssigner: true },
      { accept: false, mark: false, complete: false, revoke: false },
    ],
    [
      'both, accepted',
      { status: 2, isAssignee: true, isAssigner: true },
      { accept: false, mark: true, complete: true, revoke: true },
    ],
  ] as const)('%s', (_, t, permitted) => {
    expect(agencyPermitted(t)).toEqual(permitted);
  });
});
