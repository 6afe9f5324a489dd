import { columnOf, type RecordKind, type SystemSceneKey } from '@crm/shared';
import type { SQL } from 'drizzle-orm';
import { integer, jsonb, type PgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../../auth/session.ts';
import type { FieldType } from '../../core/list/builder.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * A record kind on the server: its shared descriptor plus where its rows live. The machinery of
 * this folder (lists, detail access, team, follow-ups, operation log, scenes, columns) reads only
 * this, so a new kind is its descriptor, its table and this mapping.
 */
export type ServerKind = {
  kind: RecordKind;
  /** The first segment of the kind's calls: `CrmCustomer` → `/CrmCustomer/queryPageList`. */
  routePrefix: string;
  /** The kind's table and its id column (the other columns are `recordColumns`). */
  table: string;
  idColumn: string;
  /**
   * The kind's Drizzle table: every column it has (readable.ts lists them when a field is hidden);
   * test kinds without one read their columns from the mapping.
   */
  pgTable?: PgTable;
  /** Each fixed field's column and how lists compare it. */
  columns: Record<string, { column: string; type: FieldType }>;
  /**
   * A catalogue kind (products): every record is open to whoever holds the kind's permissions,
   * whoever owns it; the text says why (lists declare it as their unscoped reason).
   */
  catalogue?: string;
  /** The conditions (over `r`) of the kind's own system scenes: leads converted, products on and off shelf. */
  scenes?: Partial<Record<SystemSceneKey, (user: SessionUser) => SQL>>;
  /**
   * Rows every other scene, saved scenes and the pickers leave out, shown only by the kind's own
   * scenes: converted leads are listed under 已转化的线索 only.
   */
  listWhere?: SQL;
  /**
   * Fixed fields required of whoever may fill them, with their messages (docs/api/fields.md): every
   * save of the kind (its form, an import) requires them of a user who may fill them only. The
   * kind's save schema relaxes the same fields (`requiredIfFillable`).
   */
  required?: Record<string, string>;
  /**
   * Rows a system scene lists beyond the viewer's data scope, ORed with it like team membership:
   * only rows another rule already lets them read (待我审批的: the reviews waiting for them).
   */
  sceneReach?: Partial<Record<SystemSceneKey, (user: SessionUser) => SQL>>;
  /**
   * Fixed fields whose value is the address of one uploaded file (`/file/view/<key>`: the ID
   * image). The save attaches that file to the record under the field (records/files.ts), so it
   * is seen by the record's readers who may also see the field, not by its uploader alone.
   */
  fileUrlFields?: string[];
};

/**
 * A kind's fixed fields as `ServerKind.columns`, derived from each field's declared column; the
 * kind spreads it and adds the columns only its own calls write (a lead's conversion, a review).
 */
export function fixedColumns(kind: RecordKind): ServerKind['columns'] {
  return {
    ...Object.fromEntries(
      kind.fixedFields.map((f) => {
        const { column, type } = columnOf(f);
        return [f.fieldName, { column, type }];
      }),
    ),
    // A kind reviewed on the approval engine (its declaration's `review`): the state the review
    // writes (records/review.ts), read like a fixed column, never saved by the form.
    ...(kind.review ? reviewColumns : {}),
  };
}

const reviewColumns: ServerKind['columns'] = {
  checkStatus: { column: 'check_status', type: 'number' },
  examineRecordId: { column: 'examine_record_id', type: 'number' },
};

/**
 * The columns every kind's table has beside its fixed fields: owner (null: in the pool), creator,
 * custom values (jsonb, checked against the kind's field definitions), the attachments' batch,
 * the next follow-up time, the name's pinyin search key and the two times. Spread into the kind's
 * `pgTable`.
 */
export const recordColumns = () => ({
  ownerUserId: integer('owner_user_id'),
  createUserId: integer('create_user_id').notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  /** Client-generated per form: unique, so a double click finds the first save (crm/records/save.ts). */
  batchId: varchar('batch_id', { length: 40 }).notNull().unique(),
  nextTime: timestamp('next_time', { withTimezone: true }),
  /**
   * The name's pinyin and initials (`pinyinSearchKey` of `@crm/shared/pinyin`), written by
   * `saveRecord` whenever the name is saved, so a list search for "zs" finds 张三 (list.ts).
   */
  searchKey: text('search_key'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
