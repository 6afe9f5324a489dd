import type { Answer, DeptNode, UserPickerRow } from '@crm/shared';

/** A colleague as `/system/user/queryUserList` answers a picker: active, no department or avatar unless said. */
export const pickerUser = (userId: number, realname: string, over: Partial<UserPickerRow> = {}): UserPickerRow => ({
  userId,
  realname,
  img: '',
  status: 1,
  deptId: null,
  deptName: '',
  post: '',
  ...over,
});

/** One page of the user list holding `users`. */
export const userPage = (...users: UserPickerRow[]): Answer<'/system/user/queryUserList'> => ({
  list: users,
  totalRow: users.length,
  page: 1,
  limit: 15,
});

/** A department of `/system/dept/queryDeptTree`: no head, nobody counted, unless said. */
export const deptNode = (id: number, pid: number, name: string, children: DeptNode[] = []): DeptNode => ({
  id,
  pid,
  name,
  label: name,
  ownerUserId: null,
  ownerUserName: '',
  sort: 0,
  remark: '',
  userCount: 0,
  children,
});
