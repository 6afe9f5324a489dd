import {
  Msg,
  resetPasswordSchema,
  UserPageType,
  userCreateSchema,
  userIdSchema,
  userListSchema,
  userStatusSchema,
  userUpdateSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../core/access.ts';
import { notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerAvatarRoutes } from './avatar.ts';
import { findUser, listUsers } from './repository.ts';
import { addUser, resetPasswords, setUser, setUserStatus } from './service.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  // Pickers and "my subordinates" need only a session; the admin list (with disabled users) needs the permission.
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryUserList',
    access: 'login',
    schema: userListSchema,
    handler({ input, user }) {
      if (input.pageType === UserPageType.all) requirePermission(user, 'manage:users:read');
      return listUsers(db, user, input);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryUserById',
    access: 'manage:users:read',
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
    schema: userCreateSchema,
    handler: ({ input, user }) => addUser(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/setUser',
    access: 'manage:users:userUpdate',
    schema: userUpdateSchema,
    handler: ({ input, user }) => setUser(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/setUserStatus',
    access: 'manage:users:status',
    schema: userStatusSchema,
    handler: ({ input, user }) => setUserStatus(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/resetPasswordByUserId',
    access: 'manage:users:resetPassword',
    schema: resetPasswordSchema,
    handler: ({ input, user }) => resetPasswords(db, user, input),
  });

  registerAvatarRoutes(app, ctx);
}
