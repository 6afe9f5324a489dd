import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { withAliases } from './aliases.ts';
import { idField, intEnum } from './fields.ts';
import { userCreateSchema } from './system.ts';

/**
 * The original WuKong client's last organisation and settings calls (issue 20, docs/api.md
 * "Aliases", Office, approvals, organisation, settings).
 */
export const OrgRestMsg = {
  sameUsername: '新账号不能和原账号相同',
  moduleNotFound: '模块不存在',
  moduleStatusInvalid: '模块状态有误',
  moduleMissing: '本系统暂不提供该模块',
  moduleAlwaysOn: '该模块是本系统的组成部分，不能停用',
} as const;

/** `system/user/queryUserByDeptId {deptId}`: the people of a department and the ones below it. */
export const usersOfDeptSchema = z.object({ deptId: idField(Msg.deptNotFound) });

/** `system/user/usernameEdit {id, username, password}`: a new sign-in name, with a new password. */
export const usernameEditSchema = withAliases(
  z.object({
    userId: idField(Msg.userNotFound),
    username: userCreateSchema.shape.username,
    password: userCreateSchema.shape.password,
  }),
  { id: 'userId' },
);

/** `sysConfig/setModuleSetting {settingId, status}`: switch a module on (1) or off (0). */
export const moduleSettingSchema = z.object({
  settingId: idField(OrgRestMsg.moduleNotFound),
  status: intEnum([0, 1] as const, OrgRestMsg.moduleStatusInvalid),
});

/**
 * The modules of the original's 应用管理 page and what this system has of them: 办公 and 客户管理
 * are always on here (a part of the system, not an add-on); the others are not provided (type 2,
 * the page's "not available" card).
 */
export const originalModules = [
  { settingId: 1, module: 'oa', name: '办公管理', provided: true },
  { settingId: 2, module: 'crm', name: '客户管理', provided: true },
  { settingId: 3, module: 'project', name: '项目管理', provided: false },
  { settingId: 4, module: 'hrm', name: '人力资源管理', provided: false },
  { settingId: 5, module: 'jxc', name: '进销存管理', provided: false },
] as const;
