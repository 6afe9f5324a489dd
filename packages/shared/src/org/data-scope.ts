/**
 * Data scope of a role: which owners' records a user may see.
 * The server applies the same rule in SQL (recursive CTEs); this pure version defines it and
 * is what the tests compare the SQL against.
 */
export const DataScope = { self: 1, subordinates: 2, dept: 3, deptAndChildren: 4, all: 5 } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];
export const dataScopeLabels: Record<DataScope, [string, string]> = {
  1: ['本人', 'Self'],
  2: ['本人及下属', 'Self and subordinates'],
  3: ['本部门', 'Own department'],
  4: ['本部门及下属部门', 'Own and child departments'],
  5: ['全部', 'All'],
};

export type OrgUser = { userId: number; deptId: number | null; parentId: number | null };
export type OrgDept = { id: number; pid: number };

/** Ids of `root` and every department below it. */
export function deptAndDescendants(root: number, depts: OrgDept[]): Set<number> {
  const result = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of depts) {
      if (!result.has(d.id) && result.has(d.pid)) {
        result.add(d.id);
        grew = true;
      }
    }
  }
  return result;
}

/** Ids of `root` and everyone below them in the supervisor chain. */
export function selfAndSubordinates(root: number, users: OrgUser[]): Set<number> {
  const result = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of users) {
      if (!result.has(u.userId) && u.parentId !== null && result.has(u.parentId)) {
        result.add(u.userId);
        grew = true;
      }
    }
  }
  return result;
}

/** The user ids whose records `me` may see under `scope`; `'all'` means no restriction. */
export function visibleUserIds(scope: DataScope, me: OrgUser, users: OrgUser[], depts: OrgDept[]): Set<number> | 'all' {
  switch (scope) {
    case DataScope.all:
      return 'all';
    case DataScope.self:
      return new Set([me.userId]);
    case DataScope.subordinates:
      return selfAndSubordinates(me.userId, users);
    case DataScope.dept:
      return new Set([
        me.userId,
        ...users.filter((u) => me.deptId !== null && u.deptId === me.deptId).map((u) => u.userId),
      ]);
    case DataScope.deptAndChildren: {
      const ds = me.deptId === null ? new Set<number>() : deptAndDescendants(me.deptId, depts);
      return new Set([me.userId, ...users.filter((u) => u.deptId !== null && ds.has(u.deptId)).map((u) => u.userId)]);
    }
  }
}
