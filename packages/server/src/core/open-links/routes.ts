import {
  type OpenLinkPurpose,
  openCallSchema,
  openLinkAdminInputs,
  type openLinkListSchema,
  type openLinkRevokeSchema,
  openNoFields,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import { type Access, type Ctx, defineRoute } from '../route.ts';
import { countOpenHit } from './rate.ts';
import { createOpenLink, listOpenLinks, type OpenLink, openLinkFor, revokeOpenLink } from './service.ts';
import { sysOpenLink } from './tables.ts';

type Obj = z.ZodObject<z.ZodRawShape>;

export type OpenRouteDef<S extends Obj, R extends z.ZodType> = {
  method?: 'GET' | 'POST';
  url: string;
  purpose: OpenLinkPurpose;
  /** What the call reads beside the token. */
  schema?: S;
  response: R;
  /** Calls per address and minute (core/open-links/rate.ts). */
  perMinute?: number;
  /**
   * The link has been checked (live, this purpose) but not used up. A call that spends a use (a
   * one-use review submitted, a draw) calls `consume(tx)` inside the transaction of its write, so
   * the use and the write commit together.
   */
  handler: (args: {
    link: OpenLink;
    input: z.infer<S> & { token: string };
    consume: (tx: Tx) => Promise<OpenLink>;
    req: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<R>> | z.input<R>;
};

/**
 * A call of an open page (docs/open-links.md): no session; the body's `token` must open a live
 * link of this purpose, and the caller's address is rate-limited before the token is even looked at.
 */
export function defineOpenRoute<S extends Obj, R extends z.ZodType>(
  app: FastifyInstance,
  { db }: Ctx,
  def: OpenRouteDef<S, R>,
): void {
  // The shared object of `inputContracts` (issue 27): made once per declared schema.
  const schema = openCallSchema(def.schema ?? openNoFields);
  defineRoute(app, {
    method: def.method ?? 'POST',
    url: def.url,
    access: 'public',
    schema,
    response: def.response,
    handler: async ({ input, req, reply }) => {
      await countOpenHit(db, def.purpose, req.ip, def.perMinute);
      const { token } = input as { token: string };
      const link = await openLinkFor(db, def.purpose, token);
      const consume = (tx: Tx) => openLinkFor(tx, def.purpose, token, { consume: true });
      return def.handler({ link, input: input as z.infer<S> & { token: string }, consume, req, reply }) as never;
    },
  });
}

export type OpenLinkAdminDef<E extends Obj> = {
  /** The calls are `${base}/create`, `/list`, `/revoke`. */
  base: string;
  purpose: OpenLinkPurpose;
  access: Access;
  /** The shared contracts of the three calls (`openLinkAdminContracts(base)`). */
  contracts: Record<string, z.ZodType>;
  maxDays: number;
  /** What a new link is about, beside label, days and uses (a store); checked by `subjectOf`. */
  extra?: E;
  subjectOf?: (input: z.infer<E>, user: SessionUser) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Links about one subject at a time (an approval's links): list and revoke read the same
   * `extra` fields, pass `subjectOf` (the caller's check) and see only that subject's links.
   */
  scoped?: boolean;
};

/** An administrator's create / list / revoke of one purpose's links, at the feature's own path and permission. */
export function defineOpenLinkAdminRoutes<E extends Obj>(app: FastifyInstance, { db }: Ctx, def: OpenLinkAdminDef<E>) {
  // The schemas of `inputContracts` (issue 27): the feature's shared map asks with the same options.
  const inputs = openLinkAdminInputs(def.base, def) as Record<string, Obj>;
  /** The subject a scoped call is limited to (checked by the feature), as a filter. */
  const aboutOnly = async (input: object, user: SessionUser): Promise<SQL | undefined> => {
    if (!def.scoped || !def.subjectOf) return undefined;
    const subject = await def.subjectOf(input as z.infer<E>, user);
    return sql`${sysOpenLink.subject} @> ${JSON.stringify(subject)}::jsonb`;
  };
  defineRoute(app, {
    method: 'POST',
    url: `${def.base}/create`,
    access: def.access,
    schema: inputs[`${def.base}/create`],
    response: def.contracts[`${def.base}/create`] as z.ZodType,
    handler: async ({ input, user }) => {
      const { label, days, maxUses, ...extra } = input as { label: string; days: number; maxUses?: number };
      const subject = def.subjectOf ? await def.subjectOf(extra as z.infer<E>, user) : {};
      return createOpenLink(db, { purpose: def.purpose, subject, label, days, maxUses, userId: user.userId });
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${def.base}/list`,
    access: def.access,
    schema: inputs[`${def.base}/list`],
    response: def.contracts[`${def.base}/list`] as z.ZodType,
    handler: async ({ input, user }) =>
      listOpenLinks(db, def.purpose, input as z.infer<typeof openLinkListSchema>, await aboutOnly(input, user)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${def.base}/revoke`,
    access: def.access,
    schema: inputs[`${def.base}/revoke`],
    response: def.contracts[`${def.base}/revoke`] as z.ZodType,
    handler: async ({ input, user }) => {
      const { linkId } = input as z.infer<typeof openLinkRevokeSchema>;
      await revokeOpenLink(db, def.purpose, linkId, user.userId, await aboutOnly(input, user));
      return null;
    },
  });
}
