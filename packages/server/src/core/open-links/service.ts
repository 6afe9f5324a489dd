import { createHash, randomBytes } from 'node:crypto';
import { OpenLinkMsg, type OpenLinkPurpose, openLinkPurposes, type openLinkRowSchema, ResultCode } from '@crm/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { queryRows } from '../sql.ts';
import { sysOpenLink } from './tables.ts';

export type OpenLink = typeof sysOpenLink.$inferSelect;

/** 24 random bytes, url-safe: 32 characters no one guesses. */
const newToken = () => randomBytes(24).toString('base64url');
export const hashOpenToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type NewOpenLink = {
  purpose: OpenLinkPurpose;
  subject?: Record<string, unknown>;
  label?: string;
  /** Lifetime from now. */
  days: number;
  maxUses?: number | null;
  /** Null: made by the system. */
  userId: number | null;
};

/** Make a link; the token is answered once and never stored. `path` is the page with its token. */
export async function createOpenLink(tx: Tx, link: NewOpenLink) {
  const token = newToken();
  const [row] = await tx
    .insert(sysOpenLink)
    .values({
      purpose: link.purpose,
      tokenHash: hashOpenToken(token),
      label: link.label ?? '',
      subject: link.subject ?? {},
      maxUses: link.maxUses ?? null,
      expiresAt: sql`now() + make_interval(days => ${link.days})`,
      createUserId: link.userId,
    })
    .returning({ linkId: sysOpenLink.id, expireTime: sysOpenLink.expiresAt });
  return { linkId: row!.linkId, token, path: openLinkPath(link.purpose, token), expireTime: row!.expireTime };
}

export const openLinkPath = (purpose: OpenLinkPurpose, token: string) => `${openLinkPurposes[purpose]}?token=${token}`;

/**
 * The link a token opens for this purpose, or the refusal a visitor reads: unknown (or another
 * purpose's), revoked, expired, used up. `consume` counts a use atomically: two parallel uses of a
 * one-use link open it once.
 */
export async function openLinkFor(
  tx: Tx,
  purpose: OpenLinkPurpose,
  token: string,
  { consume = false }: { consume?: boolean } = {},
): Promise<OpenLink> {
  const hash = hashOpenToken(token);
  const [link] = await tx
    .select()
    .from(sysOpenLink)
    .where(and(eq(sysOpenLink.tokenHash, hash), eq(sysOpenLink.purpose, purpose)));
  if (!link) throw new AppError(ResultCode.forbidden, OpenLinkMsg.invalid);
  if (link.revokedAt) throw new AppError(ResultCode.forbidden, OpenLinkMsg.revoked);
  if (link.expiresAt.getTime() <= Date.now()) throw new AppError(ResultCode.forbidden, OpenLinkMsg.expired);
  const used = link.maxUses !== null && link.useCount >= link.maxUses;
  if (used) throw new AppError(ResultCode.forbidden, OpenLinkMsg.used);
  if (!consume) {
    // A read only notes when it was last seen (no lock, no count), at most once a minute: a wall
    // screen polling every 30 s must not write on every poll.
    await tx
      .update(sysOpenLink)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(sysOpenLink.id, link.id),
          sql`(${sysOpenLink.lastUsedAt} is null or ${sysOpenLink.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
    return link;
  }
  const [counted] = await tx
    .update(sysOpenLink)
    .set({ useCount: sql`${sysOpenLink.useCount} + 1`, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sysOpenLink.id, link.id),
        sql`(${sysOpenLink.maxUses} is null or ${sysOpenLink.useCount} < ${sysOpenLink.maxUses})`,
      ),
    )
    .returning();
  if (!counted) throw new AppError(ResultCode.forbidden, OpenLinkMsg.used);
  return counted;
}

/** Revoke one of a purpose's links (already revoked: nothing changes). */
export async function revokeOpenLink(
  tx: Tx,
  purpose: OpenLinkPurpose,
  linkId: number,
  userId: number | null,
  about?: SQL,
) {
  const [row] = await tx
    .update(sysOpenLink)
    .set({
      revokedAt: sql`coalesce(${sysOpenLink.revokedAt}, now())`,
      // A second revoke keeps who revoked it first.
      revokedBy: sql`case when ${sysOpenLink.revokedAt} is null then ${userId}::int else ${sysOpenLink.revokedBy} end`,
    })
    .where(and(eq(sysOpenLink.id, linkId), eq(sysOpenLink.purpose, purpose), about))
    .returning({ id: sysOpenLink.id });
  if (!row) throw notFound(OpenLinkMsg.notFound);
}

/** Revoke every live link of a purpose about one subject (a review answered by another way, a screen retired). */
export async function revokeOpenLinksOf(tx: Tx, purpose: OpenLinkPurpose, subject: Record<string, unknown>) {
  await tx
    .update(sysOpenLink)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sysOpenLink.purpose, purpose),
        isNull(sysOpenLink.revokedAt),
        sql`${sysOpenLink.subject} @> ${JSON.stringify(subject)}::jsonb`,
      ),
    );
}

const statusSql = sql<number>`case
  when ${sysOpenLink.revokedAt} is not null then 3
  when ${sysOpenLink.expiresAt} <= now() then 2
  when ${sysOpenLink.maxUses} is not null and ${sysOpenLink.useCount} >= ${sysOpenLink.maxUses} then 4
  else 1 end`;

/** A purpose's links, newest first; live ones only unless asked. `where` narrows to a subject. */
export async function listOpenLinks(
  db: Db,
  purpose: OpenLinkPurpose,
  input: { page: number; limit: number; includeInactive?: boolean },
  where?: SQL,
): Promise<{ list: z.input<typeof openLinkRowSchema>[]; totalRow: number; page: number; limit: number }> {
  const filters = [eq(sysOpenLink.purpose, purpose), where];
  if (!input.includeInactive) filters.push(sql`${statusSql} = 1`);
  const cond = and(...filters);
  const [list, [count]] = await Promise.all([
    db
      .select({
        linkId: sysOpenLink.id,
        purpose: sysOpenLink.purpose,
        label: sysOpenLink.label,
        subject: sysOpenLink.subject,
        status: statusSql,
        useCount: sysOpenLink.useCount,
        maxUses: sysOpenLink.maxUses,
        createdBy: sql<string>`coalesce(${users.realname}, '系统')`,
        createTime: sysOpenLink.createdAt,
        expireTime: sysOpenLink.expiresAt,
        lastUsedTime: sysOpenLink.lastUsedAt,
      })
      .from(sysOpenLink)
      .leftJoin(users, eq(users.id, sysOpenLink.createUserId))
      .where(cond)
      .orderBy(desc(sysOpenLink.createdAt), desc(sysOpenLink.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sysOpenLink} where ${cond}`),
  ]);
  return { list, totalRow: count?.n ?? 0, page: input.page, limit: input.limit };
}
