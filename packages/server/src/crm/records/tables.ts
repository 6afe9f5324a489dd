import type { ListFilter } from '@crm/shared';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * What every record kind shares, one table each, keyed by (label, record id): `label` is the
 * kind's module code (packages/shared/src/records/kind.ts), `record_id` the id in its own table.
 */

/** Team members (DECISIONS "CRM"): power 1 read-only, 2 read-write; the owner is never a member. */
export const recordMembers = pgTable(
  'crm_team_member',
  {
    label: smallint('label').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    power: smallint('power').$type<1 | 2>().notNull(),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.label, t.recordId, t.userId] }),
    // "Where I am a member": the scene and the visibility check start from the member.
    index('crm_team_member_user_idx').on(t.userId, t.label, t.recordId),
  ],
);

/** Follow-up records: category, content, next contact time, linked records, attachments. */
export const followUps = pgTable(
  'crm_follow_record',
  {
    id: serial('follow_id').primaryKey(),
    label: smallint('label').notNull(),
    recordId: integer('record_id').notNull(),
    /** One of the follow-up categories of the settings (打电话, 发短信, 上门拜访 by default). */
    category: varchar('category', { length: 30 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    nextTime: timestamp('next_time', { withTimezone: true }),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    contactsIds: integer('contacts_ids').array().notNull().default(sql`'{}'`),
    businessIds: integer('business_ids').array().notNull().default(sql`'{}'`),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_follow_record_record_idx').on(t.label, t.recordId, t.createdAt),
    // The follow-up statistics read a kind's follow-ups by time, by author, customer and method:
    // all from the index (bench/bi-all.ts).
    index('crm_follow_record_time_idx').on(t.label, t.createdAt, t.createUserId, t.recordId, t.category),
    // A team's customers followed up (a distinct count the summary cannot give for several authors):
    // only its members' entries (bi/sources.ts followUps).
    index('crm_follow_record_author_idx').on(t.label, t.createUserId, t.createdAt, t.recordId),
    // A double click (the same batch) saves one follow-up (follow-ups.ts, db/create-once.ts).
    uniqueIndex('crm_follow_record_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/** One change to a record: who, when, what, and each field before and after. */
export type FieldChange = { field: string; name: string; before: unknown; after: unknown };
export type ActionKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'transfer'
  | 'addMember'
  | 'updateMember'
  | 'removeMember'
  | 'followUp'
  | 'convert'
  | 'dealStatus'
  | 'putInPool'
  | 'receive'
  | 'distribute'
  | 'lock'
  | 'unlock'
  | 'poolReturn'
  | 'status'
  | 'discard';

/** The operation log of every kind. */
export const recordActions = pgTable(
  'crm_action_record',
  {
    id: serial('action_id').primaryKey(),
    label: smallint('label').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    action: varchar('action', { length: 20 }).$type<ActionKind>().notNull(),
    /** Human-readable facts of the action beside the field changes (a member's name, a new owner). */
    detail: varchar('detail', { length: 500 }).notNull().default(''),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('crm_action_record_record_idx').on(t.label, t.recordId, t.createdAt)],
);

/** A saved filter of a user's list of one kind (system scenes come from the kind's descriptor). */
export const scenes = pgTable(
  'crm_scene',
  {
    id: serial('scene_id').primaryKey(),
    label: smallint('label').notNull(),
    userId: integer('user_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    filters: jsonb('filters').$type<ListFilter[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_scene_name_idx').on(t.label, t.userId, t.name)],
);

/**
 * A user's choices for one kind's list: the default scene (a system key or a saved scene's id),
 * the columns in their order, each with its width and whether it shows, and the scenes in their
 * order, each shown or hidden in the scene picker (the original's 场景设置).
 */
export type ListColumnSetting = { key: string; width?: number; hidden?: boolean };
export type ListSceneSetting = { sceneId: number; hidden: boolean };
export const listSettings = pgTable(
  'crm_list_setting',
  {
    label: smallint('label').notNull(),
    userId: integer('user_id').notNull(),
    defaultScene: varchar('default_scene', { length: 30 }),
    columns: jsonb('columns').$type<ListColumnSetting[]>(),
    scenes: jsonb('scenes').$type<ListSceneSetting[]>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.label, t.userId] })],
);
