export { fetchDeptTree, fetchUserList, type UserListQuery } from './api';
export { deptPath, flattenDepts, subtreeIds } from './dept-tree';
export { MemberPicker, type MemberPickerProps } from './MemberPicker';
export { MemberSelect, type MemberSelectProps } from './MemberSelect';
export { textMatches, userMatches } from './match';
export { systemKeys, useDeptTree } from './queries';
export * from './types';
export { UserAvatar } from './UserAvatar';
