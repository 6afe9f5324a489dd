import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from '../../clinic/catalogue/tables.ts';
import { recordColumns } from '../records/kind.ts';

/**
 * Shops (shell spec 3.1): one column per fixed field of `storeKind`, then the payload fields that
 * are not fixed fields (main shop, map position, photos, signing), then the record columns.
 * Comma-joined lists stay as the form sends them (`projectClass`, `serverIds`, …).
 */
export const stores = pgTable(
  'crm_store',
  {
    id: serial('id').primaryKey(),
    // Fixed fields. Those a role may hide have a default (or are nullable): a creator who cannot
    // see one leaves it out (docs/decisions.md "Hidden required fields").
    name: varchar('name', { length: 50 }).notNull().default(''),
    sex: smallint('sex').notNull().default(0),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    gatIdCard: varchar('gat_id_card', { length: 30 }).notNull().default(''),
    shopName: varchar('shop_name', { length: 50 }).notNull(),
    shopAddress: varchar('shop_address', { length: 200 }).notNull().default(''),
    area: numeric('area', { precision: 14, scale: 2 }),
    year: integer('year'),
    personnel: integer('personnel'),
    stableMembes: integer('stable_membes'),
    otherManage: varchar('other_manage', { length: 50 }).notNull().default(''),
    otherPhone: varchar('other_phone', { length: 11 }).notNull().default(''),
    storeBrand: varchar('store_brand', { length: 50 }).notNull().default(''),
    storeOutputValue: numeric('store_output_value', { precision: 14, scale: 2 }),
    /** 服务三级: the serving employee's user id, as text (the payload's). */
    relation: varchar('relation', { length: 20 }).notNull().default(''),
    /** Signing goal codes 0–3, comma-joined. */
    signing: varchar('signing', { length: 200 }).notNull().default(''),
    /** Null: not known (a creator who may not see it); never a 0 that would read as a fact. */
    money: numeric('money', { precision: 14, scale: 2 }),
    /** Null: not known, as the money. */
    signTime: date('sign_time', { mode: 'string' }),
    bankCardNumber: varchar('bank_card_number', { length: 30 }).notNull().default(''),
    tlNumber: varchar('tl_number', { length: 50 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    // Payload fields that are not fixed fields.
    parentLoginShopOwnerId: integer('parent_id'),
    isManageShops: smallint('is_manage_shops').notNull().default(0),
    backbonePhone: varchar('backbone_phone', { length: 11 }).notNull().default(''),
    projectClass: varchar('project_class', { length: 2000 }).notNull().default(''),
    isBeatingClass: varchar('is_beating_class', { length: 2000 }).notNull().default(''),
    pid: integer('pid'),
    businessLicensePhotos: varchar('business_license_photos', { length: 40 }).notNull().default(''),
    contractPhotos: varchar('contract_photos', { length: 40 }).notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    adminUserId: integer('admin_user_id'),
    giveProject: varchar('give_project', { length: 200 }).notNull().default(''),
    hasOldCustomer: smallint('has_old_customer').notNull().default(0),
    /** Provider shops, each once, comma-joined. */
    serverIds: varchar('server_ids', { length: 2000 }).notNull().default(''),
    idCardUrl: varchar('id_card_url', { length: 500 }).notNull().default(''),
    hasSign: boolean('has_sign').notNull().default(false),
    signTimes: date('sign_times', { mode: 'string' }),
    signItemUserIds: varchar('sign_item_user_ids', { length: 2000 }).notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    // "My shops, latest first" and the scoped list sorted by update time.
    index('crm_store_owner_update_idx').on(t.ownerUserId, t.updatedAt),
    index('crm_store_update_idx').on(t.updatedAt),
    // The autocomplete: a case-insensitive prefix of the shop name.
    index('crm_store_shop_name_prefix_idx').using('btree', sql`lower(${t.shopName}) varchar_pattern_ops`),
    index('crm_store_parent_idx').on(t.parentLoginShopOwnerId),
  ],
);

/** The projects a shop runs (findShopOwnerProjects / saveShopOwnerProject). */
export const storeProjects = pgTable(
  'crm_store_project',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.projectId] }), index('crm_store_project_project_idx').on(t.projectId)],
);
