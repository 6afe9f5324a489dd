import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
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
    /** The shared schema of the answer's `data` (route-table test, docs/api/reference.md). */
    response?: z.ZodType;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export type Ctx = { db: Db; config: Config; storage: FileStorage };

/** What a handler returns: the response schema's shape when the route declares one. */
// biome-ignore lint/suspicious/noConfusingVoidType: a service that answers nothing returns Promise<void>
type Data<R> = R extends z.ZodNull ? null | undefined | void : R extends z.ZodType ? z.input<R> : unknown;

export type Handler<S extends z.ZodType | undefined, R = undefined> = (args: {
  input: S extends z.ZodType ? z.infer<S> : Record<string, never>;
  user: SessionUser;
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<Data<R>> | Data<R>;

export type RouteDef<S extends z.ZodType | undefined, R extends z.ZodType | undefined = undefined> = {
  method: 'GET' | 'POST' | ('GET' | 'POST')[];
  url: string;
  access: Access;
  /** Validates the body (POST) or query (GET); the first issue's message is the answer's msg. */
  schema?: S;
  /**
   * The shared response schema of `data` (packages/shared/src/contracts). The answer is
   * serialised with it: fields it does not name are not sent, a missing one is a server error.
   * Only routes that stream a file answer without one.
   */
  response?: R;
  handler: Handler<S, R>;
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

/**
 * The answer envelope as JSON schema for Fastify's serialiser (fast-json-stringify), built once
 * per response schema (docs/decisions.md: response contracts).
 */
const envelopes = new WeakMap<z.ZodType, object>();
export function envelopeJsonSchema(data: z.ZodType): object {
  let js = envelopes.get(data);
  if (!js) {
    const schema = z.object({ code: z.number().int(), msg: z.string(), data });
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    js = rest;
    envelopes.set(data, js);
  }
  return js;
}

/** Register a route answering `{code: 0, msg: 'success', data}` with what the handler returns. */
export function defineRoute<S extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  def: RouteDef<S, R>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    config: { access: def.access, response: def.response },
    ...(def.response ? { schema: { response: { 200: envelopeJsonSchema(def.response) } } } : {}),
    handler: async (req, reply) => {
      const raw = req.method === 'GET' ? req.query : { ...(req.query as object), ...((req.body as object) ?? {}) };
      const input = def.schema ? parseInput(def.schema, raw) : {};
      const data = await def.handler({ input: input as never, user: req.user as SessionUser, req, reply });
      if (reply.sent) return reply;
      return { code: 0, msg: 'success', data: data ?? null };
    },
  });
}
