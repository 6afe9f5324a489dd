import {
  authObjectSchema,
  loginResponse,
  loginSchema,
  Msg,
  noData,
  profileSchema,
  profileUpdateSchema,
  updatePasswordSchema,
} from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../core/access.ts';
import { badRequest } from '../core/errors.ts';
import { type Ctx, defineRoute } from '../core/route.ts';
import { refuseCrossSite } from '../core/same-origin.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { sessionCookie } from './cookie.ts';
import { authObjectOf, login } from './login.ts';
import { loadProfile } from './profile.ts';
import { endSession, endUserSessions } from './session.ts';
import { hashPassword, verifyPassword } from './tokens.ts';

export function registerAuthRoutes(app: FastifyInstance, { db, config }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/login',
    access: 'public',
    response: loginResponse,
    topLevel: true,
    schema: loginSchema,
    async handler({ input, req, reply }) {
      // Before the password check, so another site's posts neither sign in nor count as failures.
      refuseCrossSite(req);
      const { token, data } = await login(db, config, input, req.ip, app.applications.off);
      reply.header('set-cookie', sessionCookie(config, token));
      return data;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/logout',
    access: 'public',
    response: noData,
    async handler({ req, reply }) {
      refuseCrossSite(req);
      // Ends the session the Admin-Token header names, and only then clears its cookie twin: a
      // call naming no session changes nothing (the cookie never ends a session on its own).
      const token = tokenOf(req);
      if (!token) return null;
      await endSession(db, token);
      reply.header('set-cookie', sessionCookie(config, ''));
      return null;
    },
  });

  // Keep-alive: passing the session check is what extends the session (and renews its cookie).
  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/achievement/ttl',
    access: 'login',
    response: noData,
    handler: () => null,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/role/auth',
    access: 'login',
    response: authObjectSchema,
    handler: ({ user }) => authObjectOf(user, app.applications.off),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/queryLoginUser',
    access: 'login',
    response: profileSchema,
    handler: ({ user }) => loadProfile(db, user),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/updateUser',
    access: 'login',
    response: profileSchema,
    schema: profileUpdateSchema,
    async handler({ input, user }) {
      await db
        .update(users)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(users.id, user.userId));
      return loadProfile(db, user);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/user/updatePassword',
    access: 'login',
    response: noData,
    schema: updatePasswordSchema,
    async handler({ input, user, req }) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
      if (!row || !(await verifyPassword(input.oldPwd, row.hash))) throw badRequest(Msg.oldPasswordWrong);
      const passwordHash = await hashPassword(input.newPwd);
      // Whoever knew the old password is signed out everywhere; this session goes on.
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.userId));
        await endUserSessions(tx as Db, [user.userId], req.sessionId ?? undefined);
      });
      return null;
    },
  });
}
