import {
  fenOf,
  fenToYuan,
  hasEnabled,
  hasSort,
  type RefSource,
  type SettingsField,
  type SettingsKind,
  SettingsMsg,
  type saveSchemaOf,
  type settingsListSchema,
} from '@crm/shared';
import { and, asc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { defineList, type ListField, listPage } from '../../core/list/builder.ts';
import type { Tx } from '../../db/client.ts';
import { collectRefs, lookUpNames, missingRef, writeNames } from './names.ts';

/**
 * The generic settings service: what every kind's routes do, read from its declaration
 * (packages/shared/src/clinic/settings) and its binding to tables. A kind's own code is only what
 * has real rules (a set meal's total, a set meal still given by a top-up tier).
 */

/** A sub-table: its table, the column naming the parent row and the one keeping the order. */
export type ItemBinding = { table: PgTable; parent: PgColumn; position: PgColumn };

export type KindBinding = {
  kind: SettingsKind;
  /** The kind's table: an `id` column, the fields' keys as properties, createdAt and updatedAt. */
  table: PgTable;
  items?: Record<string, ItemBinding>;
  /** Values the save computes from the input (fen), stored beside the fields. */
  computed?: (input: Record<string, unknown>) => Record<string, number>;
  /** Refuse a delete another setting still needs (throw the refusal). */
  beforeDelete?: (tx: Tx, id: number) => Promise<void>;
};

type Row = Record<string, unknown>;
export type SaveInput = z.infer<ReturnType<typeof saveSchemaOf>>;
type ListInput = z.infer<typeof settingsListSchema>;

const columnsOf = (table: PgTable) => getTableColumns(table) as unknown as Record<string, PgColumn>;

const fieldKeys = (f: SettingsField) => (f.widget === 'dateRange' ? [f.key, f.endKey] : [f.key]);

/** Check a binding where it is made: every declared key is a column of its table. */
export function bindKind(b: KindBinding): KindBinding {
  const cols = columnsOf(b.table);
  const need = [
    'id',
    'createdAt',
    'updatedAt',
    ...b.kind.fields.flatMap(fieldKeys),
    ...(b.kind.computed ?? []).map((c) => c.key),
  ];
  for (const k of need) if (!cols[k]) throw new Error(`${b.kind.name}: no column for ${k}`);
  for (const items of b.kind.items ?? []) {
    const ib = b.items?.[items.key];
    if (!ib) throw new Error(`${b.kind.name}: no table for ${items.key}`);
    const icols = columnsOf(ib.table);
    for (const k of items.fields.flatMap(fieldKeys)) if (!icols[k]) throw new Error(`${items.key}: no column for ${k}`);
  }
  return b;
}

/** A field's input value as its column stores it (fen → numeric text). */
function toColumns(fields: SettingsField[], input: Row): Row {
  const out: Row = {};
  for (const f of fields)
    for (const k of fieldKeys(f)) {
      const v = input[k];
      out[k] = f.widget === 'money' && typeof v === 'number' ? fenToYuan(v) : v;
    }
  return out;
}

/** A stored row as the answer reads it (numeric text → fen). */
function fromColumns(fields: SettingsField[], row: Row): Row {
  const out: Row = {};
  for (const f of fields)
    for (const k of fieldKeys(f)) {
      const v = row[k];
      out[k] = f.widget === 'money' && typeof v === 'string' ? fenOf(v) : (v ?? (f.widget === 'text' ? '' : null));
    }
  return out;
}

/** The answer's rows: fields, computed values, sub-tables and the names of what they refer to. */
async function present(tx: Tx, b: KindBinding, stored: Row[]): Promise<Row[]> {
  const kind = b.kind;
  const rows = stored.map((r) => {
    const out: Row = { id: r.id, ...fromColumns(kind.fields, r), createTime: r.createdAt, updateTime: r.updatedAt };
    for (const c of kind.computed ?? []) out[c.key] = fenOf(String(r[c.key]));
    return out;
  });
  const ids = rows.map((r) => r.id as number);
  const wanted = new Map<RefSource, Set<number>>();
  collectRefs(kind.fields, rows, wanted);
  const itemRows = new Map<string, Row[]>();
  for (const items of kind.items ?? []) {
    const ib = b.items![items.key]!;
    const all: Row[] = ids.length
      ? await tx.select().from(ib.table).where(inArray(ib.parent, ids)).orderBy(asc(ib.parent), asc(ib.position))
      : [];
    const parentKey = Object.entries(columnsOf(ib.table)).find(([, c]) => c === ib.parent)![0];
    for (const r of rows)
      r[items.key] = all.filter((i) => i[parentKey] === r.id).map((i) => fromColumns(items.fields, i));
    const flat = rows.flatMap((r) => r[items.key] as Row[]);
    itemRows.set(items.key, flat);
    collectRefs(items.fields, flat, wanted);
  }
  const book = await lookUpNames(tx, wanted);
  writeNames(kind.fields, rows, book);
  for (const items of kind.items ?? []) writeNames(items.fields, itemRows.get(items.key)!, book);
  return rows;
}

const idOf = (b: KindBinding) => columnsOf(b.table).id!;

async function storedRows(tx: Tx, b: KindBinding, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows: Row[] = await tx
    .select()
    .from(b.table)
    .where(inArray(idOf(b), ids));
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
}

/** One row, or 该<title>不存在或已删除. */
export async function readOne(tx: Tx, b: KindBinding, id: number): Promise<Row> {
  const [row] = await present(tx, b, await storedRows(tx, b, [id]));
  if (!row) throw notFound(SettingsMsg.notFound(b.kind.title));
  return row;
}

/** The list definition of a kind: its fields sortable and filterable by their keys, searched in its text fields. */
function listOf(b: KindBinding) {
  const cols = columnsOf(b.table);
  const fields: Record<string, ListField> = {
    id: { sql: sql`${cols.id}`, type: 'number' },
    createTime: { sql: sql`${cols.createdAt}`, type: 'date' },
    updateTime: { sql: sql`${cols.updatedAt}`, type: 'date' },
  };
  for (const f of b.kind.fields) {
    const type =
      f.widget === 'text' || f.widget === 'select'
        ? 'text'
        : f.widget === 'switch'
          ? 'boolean'
          : f.widget === 'dateRange'
            ? 'date'
            : 'number';
    if (f.widget === 'select' && f.multiple) continue;
    for (const k of fieldKeys(f)) fields[k] = { sql: sql`${cols[k]}`, type };
  }
  for (const c of b.kind.computed ?? []) fields[c.key] = { sql: sql`${cols[c.key]}`, type: 'number' };
  return defineList({
    from: sql`${b.table}`,
    id: sql`${cols.id}`,
    fields,
    search: (b.kind.search ?? []).map((k) => sql`${cols[k]}`),
    defaultSort: hasSort(b.kind) ? [{ field: 'sort', order: 'asc' }] : [{ field: 'id', order: 'desc' }],
    scope: { unscoped: `configuration, not owned data: the route requires project:${b.kind.node}:read` },
  });
}

const lists = new WeakMap<KindBinding, ReturnType<typeof listOf>>();

export async function listRows(tx: Tx, b: KindBinding, user: SessionUser, input: ListInput) {
  let def = lists.get(b);
  if (!def) {
    def = listOf(b);
    lists.set(b, def);
  }
  const cols = columnsOf(b.table);
  const where: SQL[] = [];
  if (input.enabled !== undefined && hasEnabled(b.kind)) where.push(sql`${cols.enabled} = ${input.enabled}`);
  const page = await listPage(
    tx,
    def,
    { ...input, user, where },
    { columns: sql`page.id as id`, map: (r: { id: number }) => Number(r.id) },
  );
  return { ...page, list: await present(tx, b, await storedRows(tx, b, page.list)) };
}

/** Refuse a value another row already holds (the kind's unique keys), with the kind's message. */
async function checkUnique(tx: Tx, b: KindBinding, values: Row, id: number | undefined): Promise<void> {
  const cols = columnsOf(b.table);
  for (const u of b.kind.unique ?? []) {
    const same = u.keys.map((k) => eq(cols[k]!, values[k]));
    if (id) same.push(ne(cols.id!, id));
    const [hit] = await tx
      .select({ id: cols.id! })
      .from(b.table)
      .where(and(...same))
      .limit(1);
    if (hit) throw conflict(u.msg);
  }
}

/** Refuse a ref naming no record (a deleted project, an unknown user). */
async function checkRefs(tx: Tx, b: KindBinding, input: Row): Promise<void> {
  const wanted = new Map<RefSource, Set<number>>();
  collectRefs(b.kind.fields, [input], wanted);
  for (const items of b.kind.items ?? []) collectRefs(items.fields, input[items.key] as Row[], wanted);
  const book = await lookUpNames(tx, wanted);
  const msg =
    missingRef(b.kind.fields, [input], book) ??
    (b.kind.items ?? []).map((items) => missingRef(items.fields, input[items.key] as Row[], book)).find(Boolean);
  if (msg) throw badRequest(msg);
}

/**
 * Create (no id) or update a row with its sub-tables, in one transaction: the sub-tables are
 * replaced as a whole, in the order sent. A kind's unique keys make a repeated create (a double
 * click) answer the first one's message instead of saving twice.
 */
export async function saveRow(db: Tx, b: KindBinding, input: SaveInput, fixedId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const raw = input as Row;
    const id = fixedId ?? (raw.id as number | undefined);
    const values = toColumns(b.kind.fields, raw);
    for (const [k, v] of Object.entries(b.computed?.(raw) ?? {})) values[k] = fenToYuan(v);
    await checkRefs(tx, b, raw);
    let savedId: number;
    if (fixedId !== undefined) {
      // A singleton: the one row, made on first save.
      await tx
        .insert(b.table)
        .values({ ...values, id: fixedId })
        .onConflictDoUpdate({ target: idOf(b), set: { ...values, updatedAt: new Date() } });
      savedId = fixedId;
    } else {
      await checkUnique(tx, b, values, id);
      // An edit without an order keeps the row's place.
      if (id && values.sort == null) delete values.sort;
      if (id) {
        const [row] = await tx
          .update(b.table)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(idOf(b), id))
          .returning({ id: idOf(b) });
        if (!row) throw notFound(SettingsMsg.notFound(b.kind.title));
        savedId = id;
      } else {
        // A new row without an order goes last.
        if (hasSort(b.kind) && values.sort == null) {
          const [last] = await tx.select({ n: sql<number>`coalesce(max(sort) + 1, 0)::int` }).from(b.table);
          values.sort = last?.n ?? 0;
        }
        const [row] = await tx
          .insert(b.table)
          .values(values)
          .returning({ id: idOf(b) });
        savedId = row!.id as number;
      }
    }
    for (const items of b.kind.items ?? []) {
      const ib = b.items![items.key]!;
      const parentKey = Object.entries(columnsOf(ib.table)).find(([, c]) => c === ib.parent)![0];
      const positionKey = Object.entries(columnsOf(ib.table)).find(([, c]) => c === ib.position)![0];
      await tx.delete(ib.table).where(eq(ib.parent, savedId));
      const rows = (raw[items.key] as Row[]).map((r, i) => ({
        ...toColumns(items.fields, r),
        [parentKey]: savedId,
        [positionKey]: i,
      }));
      if (rows.length) await tx.insert(ib.table).values(rows);
    }
    return savedId;
  });
}

export async function deleteRow(db: Tx, b: KindBinding, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await b.beforeDelete?.(tx, id);
    const [row] = await tx
      .delete(b.table)
      .where(eq(idOf(b), id))
      .returning({ id: idOf(b) });
    if (!row) throw notFound(SettingsMsg.notFound(b.kind.title));
  });
}

export async function setEnabled(db: Tx, b: KindBinding, id: number, enabled: boolean): Promise<void> {
  const cols = columnsOf(b.table);
  const [row] = await db
    .update(b.table)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(cols.id!, id))
    .returning({ id: cols.id! });
  if (!row) throw notFound(SettingsMsg.notFound(b.kind.title));
}

/** The rows in the order given: each gets its position as its sort; all must exist. */
export async function setOrder(db: Tx, b: KindBinding, ids: number[]): Promise<void> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw badRequest(SettingsMsg.sortInvalid);
  await db.transaction(async (tx) => {
    const cols = columnsOf(b.table);
    const found = await tx.select({ id: cols.id! }).from(b.table).where(inArray(cols.id!, ids)).for('update');
    if (found.length !== ids.length) throw badRequest(SettingsMsg.sortInvalid);
    await tx.execute(
      sql`update ${b.table} set sort = v.sort from (values ${sql.join(
        ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
        sql`, `,
      )}) as v(id, sort) where ${cols.id} = v.id`,
    );
  });
}

/** A singleton's one row (id 1), written with the declaration's defaults when first read. */
export async function readSingleton(db: Tx, b: KindBinding, defaults: SaveInput): Promise<Row> {
  const [found] = await storedRows(db, b, [1]);
  if (!found) await saveRow(db, b, defaults, 1);
  return readOne(db, b, 1);
}
