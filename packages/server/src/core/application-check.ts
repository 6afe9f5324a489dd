import { APPLICATION_OFF_MSG, applicationsOfRoute } from '@crm/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';
import type { Access } from './route.ts';

/**
 * Applications (issue 25): the one check that refuses every call of a switched-off area. Which
 * area a route belongs to is worked out once, when it is registered (by its address or its access
 * keys, packages/shared/src/applications); a request reads one set held in memory. Routes of no
 * area get no hook at all.
 */
export function applicationCheck(
  state: { off: ReadonlySet<string> },
  route: { url: string; access?: Access },
): ((req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void) | undefined {
  const { access } = route;
  const keys = typeof access === 'object' ? access.any : typeof access === 'string' ? [access] : [];
  const apps = applicationsOfRoute(
    route.url,
    keys.filter((k) => k !== 'login' && k !== 'public'),
  );
  if (apps.length === 0) return undefined;
  return (_req, _reply, done) =>
    done(apps.some((app) => state.off.has(app)) ? forbidden(APPLICATION_OFF_MSG) : undefined);
}
