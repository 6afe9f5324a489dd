import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
import type { Bus } from './bus.ts';
import { badRequest } from './errors.ts';

/**
 * What a route needs: `public` (no session), `login` (any signed-in user), or a permission key
 * of the tree (`manage:users:read`), or several of which any one suffices.
 * Routes registered without one are refused by the auth hook: refuse by default.
 */
export type Access = 'public' | 'login' | { any: string[] } | string;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The session may come from the Admin-Token cookie (see RouteDef.cookieAuth). */
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The id of the request's session (sys_session.id), when signed in. */
    sessionId: number | null;
  }
}

export type Ctx = { db: Db; config: Config; storage: FileStorage; bus: Bus };

export type Handler<S extends z.ZodType | undefined> = (args: {
  input: S extends z.ZodType ? z.infer<S> : Record<string, never>;
  user: SessionUser;
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<unknown> | unknown;

export type RouteDef<S extends z.ZodType | undefined> = {
  method: 'GET' | 'POST' | ('GET' | 'POST')[];
  url: string;
  access: Access;
  /** Validates the body (POST) or query (GET); the first issue's message is the answer's msg. */
  schema?: S;
  /**
   * Also accept the session from the HttpOnly `Admin-Token` cookie, for pure reads a browser
   * loads by address (<img src>, download links), which cannot send the header. Only GET-only
   * routes that change nothing may opt in: any other call accepts the header alone, so a link
   * or form on another site can never act for the user (CSRF).
   */
  cookieAuth?: 'read-only';
  handler: Handler<S>;
};

/** Parse input with a shared zod schema; the first issue's message becomes the error. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '请求参数有误');
  }
  return result.data;
}

/** Register a route answering `{code: 0, msg: 'success', data}` with what the handler returns. */
export function defineRoute<S extends z.ZodType | undefined = undefined>(app: FastifyInstance, def: RouteDef<S>): void {
  if (def.cookieAuth && def.method !== 'GET') throw new Error(`${def.url}: only a GET-only read may accept the cookie`);
  app.route({
    method: def.method,
    url: def.url,
    config: { access: def.access, cookieAuth: def.cookieAuth === 'read-only' },
    handler: async (req, reply) => {
      const raw = req.method === 'GET' ? req.query : { ...(req.query as object), ...((req.body as object) ?? {}) };
      const input = def.schema ? parseInput(def.schema, raw) : {};
      const data = await def.handler({ input: input as never, user: req.user as SessionUser, req, reply });
      if (reply.sent) return reply;
      return { code: 0, msg: 'success', data: data ?? null };
    },
  });
}
