import { Msg } from '@crm/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie, TOKEN_COOKIE } from '../auth/cookie.ts';
import type { ResolvedSession, SessionUser } from '../auth/session.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { Config } from '../config.ts';
import { forbidden, notLoggedIn } from './errors.ts';

export function hasPermission(user: SessionUser, key: string): boolean {
  return user.isSuper || user.permissions.has(key);
}

/**
 * What a route needs: `public` (no session), `login` (any signed-in user), or a permission key
 * of the tree (`manage:users:read`), or several of which any one suffices.
 * Routes registered without one are refused by the auth hook: refuse by default.
 */
export type Access = 'public' | 'login' | { any: string[] } | string;

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
export function accessCheck(
  ctx: { config: Config },
  sessions: SessionCache,
  route: { access?: Access; cookieAuth?: boolean },
) {
  const { access, cookieAuth = false } = route;
  const keys = typeof access === 'object' ? access.any : typeof access === 'string' ? [access] : [];
  /** Seat the session's user on the request; the refusal when the route asks more than it holds. */
  const admit = (req: FastifyRequest, reply: FastifyReply, token: string, session: ResolvedSession, slid: boolean) => {
    // The cookie lives as long as the session: renewed whenever the session slides.
    if (slid) reply.header('set-cookie', sessionCookie(ctx.config, token));
    const user = session.user;
    req.user = user;
    req.sessionId = session.sessionId;
    if (access === 'login') return undefined;
    return keys.some((k) => hasPermission(user, k)) ? undefined : forbidden(Msg.forbidden);
  };
  // A callback hook: a session held in the cache is admitted without a promise or a microtask
  // (the per-request cost, bench/RESULTS.md); only a miss or a slide waits for the database.
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    req.user = null;
    req.sessionId = null;
    if (access === 'public') return done();
    if (access === undefined) return done(forbidden(Msg.forbidden));
    const token = tokenOf(req, cookieAuth);
    if (!token) return done(notLoggedIn());
    const held = sessions.held(token);
    if (held) return done(admit(req, reply, token, held, false));
    sessions.resolve(token).then(
      (found) => done(found ? admit(req, reply, token, found.session, found.slid) : notLoggedIn()),
      (err: Error) => done(err),
    );
  };
}
