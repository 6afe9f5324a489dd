import {
  Msg,
  noData,
  resetPasswordSchema,
  systemUserSchema,
  UserPageType,
  userCreateSchema,
  userIdResponse,
  userIdSchema,
  userListSchema,
  userPageResponse,
  userStatusSchema,
  userUpdateSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../core/access.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerAvatarRoutes } from './avatar.ts';
import { findUser, listPickerUsers, listUsers } from './repository.ts';

const USERS_READ = 'manage:users:read';

import { addUser, resetPasswords, setUser, setUserStatus } from './service.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  // Pickers and "my subordinates" need only a session and see name, department and post; the
  // admin list (with disabled users) and every other field of a colleague need the permission.
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryUserList',
    access: 'login',
    response: userPageResponse,
    schema: userListSchema,
    handler({ input, user }) {
      if (hasPermission(user, USERS_READ)) return listUsers(db, user, input);
      // Who holds a role is part of user management, like the rest of the row.
      if (input.pageType === UserPageType.all || input.roleId !== undefined) throw forbidden();
      return listPickerUsers(db, user, input);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryUserById',
    access: 'manage:users:read',
    response: systemUserSchema,
    schema: userIdSchema,
    async handler({ input }) {
      const found = await findUser(db, input.userId);
      if (!found) throw notFound(Msg.userNotFound);
      return found;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/addUser',
    access: 'manage:users:userSave',
    response: userIdResponse,
    schema: userCreateSchema,
    handler: ({ input, user }) => addUser(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/setUser',
    access: 'manage:users:userUpdate',
    response: noData,
    schema: userUpdateSchema,
    handler: ({ input, user }) => setUser(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/setUserStatus',
    access: 'manage:users:status',
    response: noData,
    schema: userStatusSchema,
    handler: ({ input, user }) => setUserStatus(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/resetPasswordByUserId',
    // The original client's name of this call (issue 20).
    aliases: ['/system/user/resetPassword'],
    access: 'manage:users:resetPassword',
    response: noData,
    schema: resetPasswordSchema,
    handler: ({ input, user }) => resetPasswords(db, user, input),
  });

  registerAvatarRoutes(app, ctx);
}
