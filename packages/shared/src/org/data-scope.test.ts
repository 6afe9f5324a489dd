import { describe, expect, it } from 'vitest';
import {
  DataScope,
  dataScopeLabels,
  deptAndDescendants,
  type OrgDept,
  type OrgUser,
  selfAndSubordinates,
  visibleUserIds,
} from './data-scope.ts';

/**
 *  depts: 1 HQ ─ 2 Sales ─ 3 Team A
 *                        └ 4 Team B
 *         5 Finance
 *  users: 10 boss (1) ─ 11 sales head (2) ─ 12 lead A (3) ─ 13 rep A (3)
 *                                         └ 14 rep B (4)
 *         15 accountant (5, reports to boss); 16 no department, reports to 13
 */
const depts: OrgDept[] = [
  { id: 1, pid: 0 },
  { id: 2, pid: 1 },
  { id: 3, pid: 2 },
  { id: 4, pid: 2 },
  { id: 5, pid: 0 },
];
const u = (userId: number, deptId: number | null, parentId: number | null): OrgUser => ({ userId, deptId, parentId });
const users: OrgUser[] = [
  u(10, 1, null),
  u(11, 2, 10),
  u(12, 3, 11),
  u(13, 3, 12),
  u(14, 4, 11),
  u(15, 5, 10),
  u(16, null, 13),
];
const byId = (id: number) => users.find((x) => x.userId === id)!;
const sorted = (s: Set<number> | 'all') => (s === 'all' ? s : [...s].sort((a, b) => a - b));

describe('deptAndDescendants', () => {
  it.each([
    [1, [1, 2, 3, 4]],
    [2, [2, 3, 4]],
    [3, [3]],
    [5, [5]],
    [99, [99]],
  ])('department %i → %j', (root, expected) => {
    expect(sorted(deptAndDescendants(root, depts))).toEqual(expected);
  });
  it('ends on a loop', () => {
    expect(
      sorted(
        deptAndDescendants(7, [
          { id: 7, pid: 8 },
          { id: 8, pid: 7 },
        ]),
      ),
    ).toEqual([7, 8]);
  });
});

describe('selfAndSubordinates', () => {
  it.each([
    [10, [10, 11, 12, 13, 14, 15, 16]],
    [11, [11, 12, 13, 14, 16]],
    [12, [12, 13, 16]],
    [14, [14]],
  ])('user %i → %j', (root, expected) => {
    expect(sorted(selfAndSubordinates(root, users))).toEqual(expected);
  });
  it('ends on a supervisor loop', () => {
    expect(sorted(selfAndSubordinates(1, [u(1, null, 2), u(2, null, 1)]))).toEqual([1, 2]);
  });
});

describe('visibleUserIds', () => {
  it.each([
    [DataScope.self, 12, [12]],
    [DataScope.subordinates, 12, [12, 13, 16]],
    [DataScope.subordinates, 14, [14]],
    [DataScope.dept, 12, [12, 13]],
    [DataScope.dept, 11, [11]],
    [DataScope.dept, 16, [16]],
    [DataScope.deptAndChildren, 11, [11, 12, 13, 14]],
    [DataScope.deptAndChildren, 10, [10, 11, 12, 13, 14]],
    [DataScope.deptAndChildren, 16, [16]],
    [DataScope.all, 13, 'all'],
  ] as const)('scope %i for user %i → %j', (scope, me, expected) => {
    expect(sorted(visibleUserIds(scope, byId(me), users, depts))).toEqual(expected);
  });

  it('always includes oneself', () => {
    for (const me of users)
      for (const scope of [1, 2, 3, 4] as const) {
        const seen = visibleUserIds(scope, me, users, depts);
        expect(seen !== 'all' && seen.has(me.userId)).toBe(true);
      }
  });

  it('labels every scope', () => {
    expect(Object.keys(dataScopeLabels).map(Number)).toEqual(Object.values(DataScope));
  });
});
