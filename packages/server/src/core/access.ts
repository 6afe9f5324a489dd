import { Msg } from '@crm/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie, TOKEN_COOKIE } from '../auth/cookie.ts';
import type { SessionUser } from '../auth/session.ts';
import type { SessionCache } from '../auth/session-cache.ts';
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
 * The session token: the Admin-Token header, or, on a route that opted in (`cookieAuth`: a
 * GET-only read such as an image preview or a download), its HttpOnly cookie twin.
 */
export function tokenOf(req: FastifyRequest, allowCookie = false): string | undefined {
  const header = req.headers['admin-token'];
  let token = Array.isArray(header) ? header[0] : header;
  if (!token && allowCookie && req.method === 'GET') token = cookieValue(req.headers.cookie, TOKEN_COOKIE);
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
export function accessCheck(ctx: Ctx, sessions: SessionCache, route: { access?: Access; cookieAuth?: boolean }) {
  const { access, cookieAuth = false } = route;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    req.user = null;
    req.sessionId = null;
    if (access === 'public') return;
    if (access === undefined) throw forbidden(Msg.forbidden);
    const token = tokenOf(req, cookieAuth);
    const found = token ? await sessions.resolve(token) : null;
    if (!found) throw notLoggedIn();
    // The cookie lives as long as the session: renewed whenever the session slides.
    if (found.slid) reply.header('set-cookie', sessionCookie(ctx.config, token!));
    const user = found.session.user;
    req.user = user;
    req.sessionId = found.session.sessionId;
    if (access === 'login') return;
    const keys = typeof access === 'string' ? [access] : access.any;
    if (!keys.some((k) => hasPermission(user, k))) throw forbidden(Msg.forbidden);
  };
}
