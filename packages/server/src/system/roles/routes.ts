import {
  allRolesResponse,
  menuByTypeSchema,
  menuTreeForRoleType,
  noData,
  permissionTreeResponse,
  roleByTypeSchema,
  roleIdResponse,
  roleIdSchema,
  roleListResponse,
  roleMenuSchema,
  roleSaveSchema,
  roleTypeList,
  roleTypeListResponse,
  roleUpdateSchema,
  roleUsersSchema,
  unbindUserSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { relateUsers, unbindUser } from './members.ts';
import { rolesByType } from './repository.ts';
import { addRole, copyRole, deleteRole, updateRole, updateRoleMenu } from './service.ts';

/**
 * Reading roles: the role page, the employee form's role picker (HR assigns roles to people), and
 * the field permissions per role of the CRM field designer.
 */
const readRoles = {
  any: ['manage:permission:read', 'manage:users:userSave', 'manage:users:userUpdate', 'manage:crm:field'],
};
const editRoles = 'manage:permission:update';

export function registerRoleRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/role/getRoleTypeList',
    access: readRoles,
    response: roleTypeListResponse,
    handler: () => roleTypeList.map(({ roleType, name, nameEn }) => ({ roleType, name, nameEn })),
  });

  // The original client's role page reads every type with its roles in one call.
  defineRoute(app, {
    method: 'POST',
    url: '/system/role/getAllRoleList',
    access: readRoles,
    response: allRolesResponse,
    handler: async () => {
      const groups = [];
      for (const t of roleTypeList) {
        const roles = await rolesByType(db, t.roleType);
        groups.push({
          name: t.name,
          pid: t.roleType,
          list: roles.map((r) => ({ ...r, id: r.roleId, title: r.roleName })),
        });
      }
      return groups;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/getRoleByType',
    access: readRoles,
    response: roleListResponse,
    schema: roleByTypeSchema,
    handler: ({ input }) => rolesByType(db, input.roleType),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/add',
    access: editRoles,
    response: roleIdResponse,
    schema: roleSaveSchema,
    handler: ({ input }) => addRole(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/update',
    access: editRoles,
    response: noData,
    schema: roleUpdateSchema,
    handler: ({ input }) => updateRole(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/delete',
    access: editRoles,
    response: noData,
    schema: roleIdSchema,
    handler: ({ input }) => deleteRole(db, input.roleId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/copy',
    access: editRoles,
    response: roleIdResponse,
    schema: roleIdSchema,
    handler: ({ input }) => copyRole(db, input.roleId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/updateRoleMenu',
    access: editRoles,
    response: noData,
    schema: roleMenuSchema,
    handler: ({ input }) => updateRoleMenu(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/relatedUser',
    access: editRoles,
    response: noData,
    schema: roleUsersSchema,
    handler: ({ input, user }) => relateUsers(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/unbindingUser',
    access: editRoles,
    response: noData,
    schema: unbindUserSchema,
    handler: ({ input, user }) => unbindUser(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/menu/getMenuListByType',
    access: 'manage:permission:read',
    response: permissionTreeResponse,
    schema: menuByTypeSchema,
    handler: ({ input }) => menuTreeForRoleType(input.type),
  });
}
