import type { DeptNode, PageResult, UserPageType as SharedUserPageType, UserPickerRow } from '@crm/shared';

/** Spec 3.3: what the member/department picker gives back. */
export type PickedUser = { userId: number; realname: string; img: string };
export type PickedDept = { id: number; name: string };
export type PickerValue = { users: PickedUser[]; depts: PickedDept[] };

export const emptyPickerValue = (): PickerValue => ({ users: [], depts: [] });

/** A department of `POST /system/dept/queryDeptTree` (type "tree"). */
export type { DeptNode };
/** A row of `POST /system/user/queryUserList` as every signed-in user gets it (name, department, post). */
export type UserRow = UserPickerRow;
export type Page<T> = PageResult<T>;
/** User list page types (spec 6): 0 everyone active, 1001 my subordinates, 1002 all incl. disabled. */
/** A picker reads pages: never 0, which answers the whole list as a plain array (the original client's). */
export type UserPageType = Exclude<SharedUserPageType, 0>;
