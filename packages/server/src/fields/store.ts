import { type FieldDefinition, FieldDefinitionMsg, FieldSetMsg, ModuleCode } from '@crm/shared';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import { badRequest } from '../core/errors.ts';
import type { Tx } from '../db/client.ts';
import { fieldDefinitions } from './tables.ts';

/**
 * Labels of the field sets: a record kind's module code (shared `ModuleCode`, one set, scope 0)
 * and the approval categories' (one set per category: scope = the category id).
 */
export const FieldLabel = {
  ...ModuleCode,
  examineCategory: ModuleCode.examine,
  // Declaration forms (issue 25, h-decl): one set per task, scope = the task id.
  declarationForm: 20,
} as const;
export type FieldLabel = (typeof FieldLabel)[keyof typeof FieldLabel];

/** A definition as stored: always with its id, its stable name and whether it is fixed. */
export type StoredField = FieldDefinition & { fieldId: number; fieldName: string; fieldType: 0 | 1 };

/** A fixed property of a kind, as its descriptor declares it (its name is the property's). */
export type FixedField = Omit<FieldDefinition, 'fieldId' | 'fieldName'> & { fieldName: string };

type Row = typeof fieldDefinitions.$inferSelect;

const fill = (template: string, name: string) => template.replace('{name}', name);

function toField(r: Row): StoredField {
  const f: StoredField = {
    fieldId: r.id,
    fieldName: r.fieldName,
    name: r.name,
    formType: r.formType,
    fieldType: r.fieldType,
    isNull: r.isNull,
    isUnique: r.isUnique,
    options: r.options,
    inputTips: r.inputTips,
  };
  // Absent rather than null, as the definitions were before they had a table.
  if (r.defaultValue !== null && r.defaultValue !== undefined) f.defaultValue = r.defaultValue;
  if (r.maxLength !== null) f.maxLength = r.maxLength;
  return f;
}

const live = (label: FieldLabel) => and(eq(fieldDefinitions.label, label), not(fieldDefinitions.isDeleted));
const inOrder = [asc(fieldDefinitions.sort), asc(fieldDefinitions.id)];

/** One set's fields, in their order. */
export async function loadFields(db: Tx, label: FieldLabel, scopeId = 0): Promise<StoredField[]> {
  const rows = await db
    .select()
    .from(fieldDefinitions)
    .where(and(live(label), eq(fieldDefinitions.scopeId, scopeId)))
    .orderBy(...inOrder);
  return rows.map(toField);
}

/** The sets of many scopes of one label in one query (a list's page); every scope asked has an entry. */
export async function loadFieldSets(
  db: Tx,
  label: FieldLabel,
  scopeIds: number[],
): Promise<Map<number, StoredField[]>> {
  const sets = new Map<number, StoredField[]>(scopeIds.map((id) => [id, []]));
  if (scopeIds.length === 0) return sets;
  const rows = await db
    .select()
    .from(fieldDefinitions)
    .where(and(live(label), inArray(fieldDefinitions.scopeId, [...sets.keys()])))
    .orderBy(asc(fieldDefinitions.scopeId), ...inOrder);
  for (const r of rows) sets.get(r.scopeId)!.push(toField(r));
  return sets;
}

/** Serialise edits of one set, so two saves cannot both hand out the same new name. */
const lockSet = (tx: Tx, label: FieldLabel, scopeId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm:field:${label}:${scopeId}`}))`);

const NUMBERED = /^field_(\d+)$/;

/**
 * Replace a set with `input`, in its order. A field that names an existing one of the set (by id,
 * else by name) keeps its id and name, so values stored under it still match; the others are new
 * and get a name the set never had. Custom fields left out are removed; fixed ones cannot be
 * removed or change type. Answers the set as stored.
 */
export async function replaceFields(
  db: Tx,
  label: FieldLabel,
  scopeId: number,
  input: FieldDefinition[],
): Promise<StoredField[]> {
  const names = input.map((f) => f.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw badRequest(fill(FieldSetMsg.duplicate, dup));
  return db.transaction(async (tx) => {
    await lockSet(tx, label, scopeId);
    const rows = await tx
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.label, label), eq(fieldDefinitions.scopeId, scopeId)));
    const current = rows.filter((r) => !r.isDeleted);
    const byId = new Map(current.map((r) => [r.id, r]));
    const byName = new Map(current.map((r) => [r.fieldName, r]));
    const kept = new Set<number>();
    const plan = input.map((f) => {
      const row = (f.fieldId !== undefined ? byId.get(f.fieldId) : undefined) ?? byName.get(f.fieldName ?? '');
      if (row) {
        if (kept.has(row.id)) throw badRequest(FieldDefinitionMsg.flag);
        kept.add(row.id);
        if (row.fieldType === 1 && row.formType !== f.formType)
          throw badRequest(fill(FieldSetMsg.fixedNoRetype, row.name));
      }
      return { f, row };
    });
    const removed = current.filter((r) => !kept.has(r.id));
    const fixed = removed.find((r) => r.fieldType === 1);
    if (fixed) throw badRequest(fill(FieldSetMsg.fixedNoDelete, fixed.name));
    if (removed.length > 0) {
      await tx
        .update(fieldDefinitions)
        .set({ isDeleted: true, updatedAt: new Date() })
        .where(
          inArray(
            fieldDefinitions.id,
            removed.map((r) => r.id),
          ),
        );
    }

    // New names continue the set's numbering past every name it ever had (removed ones included).
    const taken = new Set(rows.map((r) => r.fieldName));
    let next = 1 + Math.max(0, ...rows.map((r) => Number(NUMBERED.exec(r.fieldName)?.[1] ?? 0)));
    const freshName = () => {
      while (taken.has(`field_${next}`)) next++;
      return `field_${next++}`;
    };
    for (const [sort, { f, row }] of plan.entries()) {
      const values = {
        name: f.name,
        formType: f.formType,
        isNull: f.isNull,
        isUnique: f.isUnique,
        options: f.options,
        defaultValue: f.defaultValue ?? null,
        inputTips: f.inputTips,
        maxLength: f.maxLength ?? null,
        sort,
      };
      if (row) {
        await tx
          .update(fieldDefinitions)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(fieldDefinitions.id, row.id));
      } else {
        await tx.insert(fieldDefinitions).values({ ...values, label, scopeId, fieldName: freshName(), fieldType: 0 });
      }
    }
    return loadFields(tx, label, scopeId);
  });
}

/**
 * Put a kind's fixed fields into its set when they are missing (by name), after what is there;
 * existing ones, and what an administrator changed on them, stay as they are.
 */
export async function ensureFixedFields(db: Tx, label: FieldLabel, scopeId: number, fixed: FixedField[]) {
  if (fixed.length === 0) return;
  await db.transaction(async (tx) => {
    await lockSet(tx, label, scopeId);
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${fieldDefinitions.sort}), -1)::int` })
      .from(fieldDefinitions)
      .where(and(live(label), eq(fieldDefinitions.scopeId, scopeId)));
    const start = Number(last?.sort ?? -1) + 1;
    await tx
      .insert(fieldDefinitions)
      .values(
        fixed.map((f, i) => ({
          label,
          scopeId,
          fieldName: f.fieldName,
          name: f.name,
          formType: f.formType,
          fieldType: 1 as const,
          isNull: f.isNull,
          isUnique: f.isUnique,
          options: f.options,
          defaultValue: f.defaultValue ?? null,
          inputTips: f.inputTips,
          maxLength: f.maxLength ?? null,
          sort: start + i,
        })),
      )
      .onConflictDoNothing({ target: [fieldDefinitions.label, fieldDefinitions.scopeId, fieldDefinitions.fieldName] });
  });
}

/** A record kind's custom fields (fieldType 0), in order: what its lists, filters and saves check against. */
export async function customFieldsOf(db: Tx, label: FieldLabel): Promise<StoredField[]> {
  return (await loadFields(db, label)).filter((f) => f.fieldType === 0);
}
