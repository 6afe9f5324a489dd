import { Msg } from '@crm/shared';
import type { FastifyRequest } from 'fastify';
import { resolveSession, type SessionUser } from '../auth/session.ts';
import { forbidden, notLoggedIn } from './errors.ts';
import type { Access, Ctx } from './route.ts';

export function hasPermission(user: SessionUser, key: string): boolean {
  return user.isSuper || user.permissions.has(key);
}

/** Throws unless the user holds the permission. */
export function requirePermission(user: SessionUser, key: string): void {
  if (!hasPermission(user, key)) throw forbidden(Msg.forbidden);
}

/**
 * The session token: the Admin-Token header, or for GET requests (image previews, downloads)
 * its HttpOnly cookie twin. State-changing calls never accept the cookie, so no CSRF.
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['admin-token'];
  let token = Array.isArray(header) ? header[0] : header;
  if (!token && req.method === 'GET') token = cookieValue(req.headers.cookie, 'Admin-Token');
  return token && token.length > 0 && token.length < 200 ? token : undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * The check every route passes before its handler: resolve the session, then the declared
 * access. A route that declared no access is refused: refuse by default.
 */
export function accessCheck(ctx: Ctx, access: Access | undefined) {
  return async (req: FastifyRequest) => {
    req.user = null;
    if (access === 'public') return;
    if (access === undefined) throw forbidden(Msg.forbidden);
    const token = tokenOf(req);
    const user = token ? await resolveSession(ctx.db, ctx.config, token) : null;
    if (!user) throw notLoggedIn();
    req.user = user;
    if (access === 'login') return;
    const keys = typeof access === 'string' ? [access] : access.any;
    if (!keys.some((k) => hasPermission(user, k))) throw forbidden(Msg.forbidden);
  };
}
