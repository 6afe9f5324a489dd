import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * A link to an open page (docs/open-links.md): only the token's SHA-256 is kept, so a copy of the
 * table opens nothing. `subject` is what the link is for (a store, a review, a draw's customer).
 */
export const sysOpenLink = pgTable(
  'sys_open_link',
  {
    id: serial('link_id').primaryKey(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    label: varchar('label', { length: 50 }).notNull().default(''),
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull().default({}),
    /** Null: any number of uses until it expires. */
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    expiresAt: timestamp('expire_time', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoke_time', { withTimezone: true }),
    revokedBy: integer('revoke_user_id'),
    lastUsedAt: timestamp('last_used_time', { withTimezone: true }),
    /** Null when the system made it (a review link after a treatment). */
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sys_open_link_token_uq').on(t.tokenHash),
    index('sys_open_link_purpose_idx').on(t.purpose, t.createdAt),
  ],
);

/** Hits per address and purpose in the current minute: the open calls' rate limit, shared by every process. */
export const sysOpenHit = pgTable('sys_open_hit', {
  key: varchar('key', { length: 120 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
