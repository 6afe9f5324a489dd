import { CrmFieldMsg, type FieldDefinition, firstFieldError, normalizeFieldValues, RecordMsg } from '@crm/shared';
import { pinyinSearchKey } from '@crm/shared/pinyin';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { syncOwnedFiles } from '../../files/attach.ts';
import { loadRecord } from './access.ts';
import { fieldChanges, logAction } from './actions.ts';
import { notifyRecordBadges } from './badges.ts';
import { type FieldAccess, fieldAccessFor } from './field-access.ts';
import { recordFilesKind, syncFieldFiles } from './files.ts';
import type { ServerKind } from './kind.ts';
import { toRecordRow } from './row.ts';
import { markedFixedFields } from './unique-fields.ts';

/**
 * Create or update a record of any kind: fixed values (already checked by the kind's own request
 * schema) into their columns, custom values checked against the kind's field definitions into
 * the jsonb column, uniqueness of both, the attachments, and the operation log with every
 * changed field, in one transaction. The client's batch id makes a double click one record.
 */
export type SaveRecord = {
  id?: number;
  batchId: string;
  fixed: Record<string, unknown>;
  custom: Record<string, unknown>;
  /**
   * A kind's own edit rules on the stored row (locked, in the transaction) and the fixed values
   * left after the field permissions: answers the values to write, or throws. Null on create.
   */
  restrict?: (row: Record<string, unknown> | null, fixed: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Fixed fields required of whoever may fill them, with their messages (the customer's phone):
   * one hidden from the user or read-only is not required of them, so on update its stored value
   * stays and on create it takes its default. Checked after the field permissions. Without it,
   * the kind's own (`ServerKind.required`).
   */
  required?: Record<string, string>;
};

const table = (sk: ServerKind) => sql.identifier(sk.table);
const idCol = (sk: ServerKind) => sql.identifier(sk.idColumn);

/**
 * `<字段名>已存在` when another record of the kind holds a unique field's value: a fixed field the
 * kind declares unique or an administrator marked unique, a custom field marked unique. The
 * database enforces each the same way (an index; unique-fields.ts), this check says it first.
 */
async function checkUnique(
  tx: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  values: { fixed: Record<string, unknown>; custom: Record<string, unknown> },
  id: number | undefined,
) {
  const marked = Object.values(values.fixed).length ? await markedFixedFields(tx, sk) : new Set<string>();
  const checks: { name: string; expr: SQL; value: unknown }[] = [];
  for (const f of sk.kind.fixedFields)
    if (
      (f.isUnique === 1 || marked.has(f.fieldName)) &&
      Object.hasOwn(values.fixed, f.fieldName) &&
      sk.columns[f.fieldName]
    )
      checks.push({
        name: f.name,
        expr: sql`r.${sql.identifier(sk.columns[f.fieldName]!.column)}::text`,
        value: values.fixed[f.fieldName],
      });
  for (const f of custom)
    if (f.isUnique === 1 && f.fieldName && Object.hasOwn(values.custom, f.fieldName))
      checks.push({ name: f.name, expr: sql`r.fields->>${f.fieldName}::text`, value: values.custom[f.fieldName] });
  for (const c of checks) {
    if (c.value === null || c.value === undefined || c.value === '') continue;
    const taken = await queryRows(
      tx,
      sql`select 1 from ${table(sk)} r where ${c.expr} = ${String(c.value)}
          ${id === undefined ? sql`` : sql`and r.${idCol(sk)} <> ${id}`} limit 1`,
    );
    if (taken.length) throw conflict(`${c.name}已存在`);
  }
}

/**
 * The custom values: only the kind's fields, each by its rule; on update only those sent change.
 * On create the fields the user may not fill (hidden, read-only) are not required of them.
 */
function checkCustom(
  custom: FieldDefinition[],
  values: Record<string, unknown>,
  creating: boolean,
  access: FieldAccess,
) {
  const known = new Set(custom.map((f) => f.fieldName));
  if (Object.keys(values).some((k) => !known.has(k))) throw badRequest(RecordMsg.fieldUnknown);
  const fillable = (f: FieldDefinition) => !access.hidden.has(f.fieldName!) && !access.readOnly.has(f.fieldName!);
  const checked = creating
    ? custom.filter(fillable)
    : custom.filter((f) => f.fieldName && Object.hasOwn(values, f.fieldName));
  const msg = firstFieldError(checked, values);
  if (msg) throw badRequest(msg);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Two values of a field as equal as a form would send them back (dates as ISO, numbers as numbers). */
function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : v);
  const x = norm(a);
  const y = norm(b);
  if (x !== '' && y !== '' && Number.isFinite(Number(x)) && Number.isFinite(Number(y))) return Number(x) === Number(y);
  return String(x) === String(y);
}

/**
 * The field permissions on a write: a hidden field sent with a value is refused as unknown (the
 * user cannot know it exists), a read-only one that would change is refused by name; both are
 * otherwise dropped, so an update never blanks a value the user could not see or change.
 */
function guardFields(
  access: FieldAccess,
  names: Record<string, string>,
  values: Record<string, unknown>,
  before: Record<string, unknown> | null,
): Record<string, unknown> {
  if (access.hidden.size === 0 && access.readOnly.size === 0) return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (access.hidden.has(k)) {
      if (!isEmpty(v)) throw badRequest(RecordMsg.fieldUnknown);
    } else if (access.readOnly.has(k)) {
      // Left out (undefined) is not a change: the stored value stays.
      if (v !== undefined && !sameValue(v, before ? before[k] : null))
        throw badRequest(CrmFieldMsg.readOnly.replace('{name}', names[k] ?? k));
    } else out[k] = v;
  }
  return out;
}

/** The batches the record's custom file fields hold: their files are the record's too. */
const fileFieldBatches = (custom: FieldDefinition[], values: Record<string, unknown>) =>
  custom
    .filter((f) => f.formType === 'file' && f.fieldName)
    .map((f) => values[f.fieldName!])
    .filter((v): v is string => typeof v === 'string' && v !== '');

/**
 * The required fixed fields the user may fill: on create each must have a value, on update one
 * sent must not be emptied (one left out keeps its value). Hidden and read-only ones were dropped.
 */
function checkRequired(
  access: FieldAccess,
  required: Record<string, string>,
  fixed: Record<string, unknown>,
  creating: boolean,
) {
  for (const [name, msg] of Object.entries(required)) {
    if (access.hidden.has(name) || access.readOnly.has(name)) continue;
    const v = fixed[name];
    if (creating ? isEmpty(v) : v !== undefined && isEmpty(v)) throw badRequest(msg);
  }
}

/** The fixed values' columns, plus the name's pinyin search key whenever the name is among them. */
function columnValues(sk: ServerKind, fixed: Record<string, unknown>, notNull: ReadonlySet<string>) {
  const cols = Object.entries(fixed)
    .filter(([name]) => sk.columns[name])
    // Left out (undefined) clears a column that may be empty; one that may not keeps its default
    // (create) or stored value (update): a field defaulted on create (`defaultOnCreate`) sent empty.
    .filter(([name, value]) => value !== undefined || !notNull.has(sk.columns[name]!.column))
    .map(([name, value]) => ({ column: sk.columns[name]!.column, value: value === undefined ? null : value }));
  if (Object.hasOwn(fixed, sk.kind.nameField))
    cols.push({ column: 'search_key', value: pinyinSearchKey(String(fixed[sk.kind.nameField] ?? '')) });
  return cols;
}

/** The columns of a kind's table that may not be empty, read once per process (the schema is the migrations'). */
const notNullByTable = new Map<string, Promise<ReadonlySet<string>>>();
function notNullColumns(tx: Tx, tableName: string): Promise<ReadonlySet<string>> {
  let known = notNullByTable.get(tableName);
  if (!known) {
    known = queryRows<{ c: string }>(
      tx,
      sql`select column_name as c from information_schema.columns
          where table_schema = current_schema() and table_name = ${tableName} and is_nullable = 'NO'`,
    ).then((rows) => new Set(rows.map((r) => r.c)));
    // A failed read (an aborted transaction) is not remembered.
    known.catch(() => notNullByTable.delete(tableName));
    notNullByTable.set(tableName, known);
  }
  return known;
}

/** The record a batch already created, when this user created it; another's batch is refused. */
async function sameBatch(tx: Tx, sk: ServerKind, batchId: string, user: SessionUser) {
  const [row] = await queryRows<{ id: number; create_user_id: number }>(
    tx,
    sql`select ${idCol(sk)} as id, create_user_id from ${table(sk)} where batch_id = ${batchId}`,
  );
  if (!row) return undefined;
  if (Number(row.create_user_id) !== user.userId) throw conflict(RecordMsg.batchTaken);
  return { id: Number(row.id), created: false };
}

export async function saveRecord(
  db: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: SaveRecord,
  /** Batches besides the record's own and its custom file fields' whose files join it (a shop's photos). */
  extraBatches: string[] = [],
): Promise<{ id: number; created: boolean }> {
  const access = await fieldAccessFor(db, user, sk.kind);
  checkCustom(custom, input.custom, input.id === undefined, access);
  input = { ...input, custom: normalizeFieldValues(custom, input.custom) };
  const names: Record<string, string> = Object.fromEntries([
    ...sk.kind.fixedFields.map((f) => [f.fieldName, f.name]),
    ...custom.filter((f) => f.fieldName).map((f) => [f.fieldName!, f.name]),
  ]);
  if (input.id === undefined)
    input = {
      ...input,
      fixed: guardFields(access, names, input.fixed, null),
      custom: guardFields(access, names, input.custom, null),
    };
  const required = input.required ?? sk.required ?? {};
  // A required field left out (one the user cannot see) is not written: the stored value or the default.
  input = {
    ...input,
    fixed: Object.fromEntries(Object.entries(input.fixed).filter(([k, v]) => !(k in required && v === undefined))),
  };
  if (input.id === undefined) checkRequired(access, required, input.fixed, true);
  return db.transaction(async (tx) => {
    let locked: Record<string, unknown> | undefined;
    if (input.id !== undefined) {
      // Read-only values are compared with the record as stored, under its lock.
      locked = (await loadRecord(tx, sk, user, input.id, 'write', { lock: true })).row;
      const stored = toRecordRow(sk, locked);
      input = {
        ...input,
        fixed: guardFields(access, names, input.fixed, stored),
        custom: guardFields(access, names, input.custom, stored),
      };
      checkRequired(access, required, input.fixed, false);
    }
    if (input.id === undefined) {
      // A double click sends the same batch: answer the first record before the uniqueness checks,
      // which would refuse the second click's copy of the first record's number. The lock makes a
      // concurrent twin wait here until the first one has committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${sk.table}:${input.batchId}`}))`);
      const same = await sameBatch(tx, sk, input.batchId, user);
      if (same) return same;
    }
    await checkUnique(tx, sk, custom, input, input.id);
    const notNull = await notNullColumns(tx, sk.table);
    let cols = columnValues(sk, input.restrict ? input.restrict(null, input.fixed) : input.fixed, notNull);
    let id: number;
    let created = false;
    let batchId = input.batchId;
    // The record's custom values as saved: a file field's value is the batch of its files.
    let saved: Record<string, unknown> = input.custom;
    if (input.id === undefined) {
      // A double click sends the same batch id: the second insert finds the first record.
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${table(sk)} (${sql.join(
          [
            ...cols.map((c) => sql.identifier(c.column)),
            sql`owner_user_id`,
            sql`create_user_id`,
            sql`fields`,
            sql`batch_id`,
          ],
          sql`, `,
        )})
            values (${sql.join(
              [
                ...cols.map((c) => sql`${c.value}`),
                sql`${user.userId}`,
                sql`${user.userId}`,
                sql`${JSON.stringify(input.custom)}::jsonb`,
                sql`${input.batchId}`,
              ],
              sql`, `,
            )})
            on conflict (batch_id) do nothing
            returning ${idCol(sk)} as id`,
      );
      if (inserted.length) {
        id = Number(inserted[0]!.id);
        created = true;
        await logAction(tx, sk, [{ recordId: id, userId: user.userId, action: 'create' }]);
      } else {
        const same = await sameBatch(tx, sk, input.batchId, user);
        if (!same) throw conflict(RecordMsg.batchTaken);
        return same;
      }
    } else {
      const row = locked!;
      if (input.restrict) cols = columnValues(sk, input.restrict(row, input.fixed), notNull);
      id = input.id;
      // The record keeps its own batch: its files stay where they are whatever the form sends.
      batchId = String(row.batch_id);
      const before = toRecordRow(sk, row);
      const sets = [
        ...cols.map((c) => sql`${sql.identifier(c.column)} = ${c.value}`),
        sql`fields = fields || ${JSON.stringify(input.custom)}::jsonb`,
        sql`update_time = now()`,
      ];
      const [after] = await queryRows<Record<string, unknown>>(
        tx,
        sql`update ${table(sk)} set ${sql.join(sets, sql`, `)} where ${idCol(sk)} = ${id} returning *`,
      );
      saved = (after!.fields as Record<string, unknown>) ?? {};
      const changes = fieldChanges(names, before, toRecordRow(sk, after!));
      if (changes.length) await logAction(tx, sk, [{ recordId: id, userId: user.userId, action: 'update', changes }]);
    }
    // First the files the fields name (they may sit in the record's batch), then the batch's.
    await syncFieldFiles(tx, sk, id, user);
    await syncOwnedFiles(
      tx,
      { kind: recordFilesKind(sk), id },
      { uploaderId: user.userId, batchIds: [batchId, ...extraBatches, ...fileFieldBatches(custom, saved)] },
    );
    // A new record or a changed follow-up time moves its people's CRM to-do counts.
    await notifyRecordBadges(tx, sk, [id]);
    return { id, created };
  });
}
