import type { PickedDept, PickedUser, PickerValue } from './types';

/** Toggle membership; in single mode a tick replaces the whole selection (radio semantics). */
export function toggleUser(value: PickerValue, user: PickedUser, single: boolean): PickerValue {
  const has = value.users.some((u) => u.userId === user.userId);
  if (single) return has ? { users: [], depts: [] } : { users: [user], depts: [] };
  return { ...value, users: has ? value.users.filter((u) => u.userId !== user.userId) : [...value.users, user] };
}

export function toggleDept(value: PickerValue, dept: PickedDept, single: boolean): PickerValue {
  const has = value.depts.some((d) => d.id === dept.id);
  if (single) return has ? { users: [], depts: [] } : { users: [], depts: [dept] };
  return { ...value, depts: has ? value.depts.filter((d) => d.id !== dept.id) : [...value.depts, dept] };
}
