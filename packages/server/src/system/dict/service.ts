import { type DictItem, type DictItemSaveInput, DictMsg, type DictType, type DictTypeSaveInput } from '@crm/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../common.ts';
import { dictItems, dictTypes } from './tables.ts';

/** Maintaining the system dictionaries (manager › 系统字典). */
export async function listTypes(db: Tx): Promise<DictType[]> {
  const rows = await db
    .select({
      typeId: dictTypes.id,
      kind: dictTypes.kind,
      code: dictTypes.code,
      name: dictTypes.name,
      builtin: dictTypes.builtin,
      itemCount: sql<number>`(select count(*)::int from sys_dict_item i where i.type_id = "sys_dict_type"."type_id")`,
    })
    .from(dictTypes)
    .orderBy(asc(dictTypes.kind), asc(dictTypes.id));
  return rows.map((r) => ({ ...r, kind: r.kind as DictType['kind'], itemCount: Number(r.itemCount) }));
}

async function requireType(db: Tx, typeId: number) {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.id, typeId));
  if (!row) throw notFound(DictMsg.typeNotFound);
  return row;
}

export async function saveType(db: Db, input: DictTypeSaveInput): Promise<number> {
  const [taken] = await db
    .select({ id: dictTypes.id })
    .from(dictTypes)
    .where(
      and(
        eq(dictTypes.kind, input.kind),
        eq(dictTypes.code, input.code),
        input.typeId ? ne(dictTypes.id, input.typeId) : undefined,
      ),
    );
  if (taken) throw badRequest(DictMsg.codeTaken);
  try {
    if (input.typeId) {
      const row = await requireType(db, input.typeId);
      // A form reads a built-in dictionary by its code: only its name may change.
      if (row.builtin && (row.code !== input.code || row.kind !== input.kind)) throw badRequest(DictMsg.builtinLocked);
      await db
        .update(dictTypes)
        .set({ kind: input.kind, code: input.code, name: input.name, updatedAt: new Date() })
        .where(eq(dictTypes.id, input.typeId));
      return input.typeId;
    }
    const [row] = await db
      .insert(dictTypes)
      .values({ kind: input.kind, code: input.code, name: input.name })
      .returning({ id: dictTypes.id });
    return row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(DictMsg.codeTaken);
    throw err;
  }
}

export async function deleteType(db: Db, typeId: number): Promise<void> {
  const row = await requireType(db, typeId);
  if (row.builtin) throw badRequest(DictMsg.builtinLocked);
  await db.transaction(async (tx) => {
    await tx.delete(dictItems).where(eq(dictItems.typeId, typeId));
    await tx.delete(dictTypes).where(eq(dictTypes.id, typeId));
  });
}

const itemColumns = {
  itemId: dictItems.id,
  typeId: dictItems.typeId,
  value: dictItems.value,
  name: dictItems.name,
  sort: dictItems.sort,
};

export async function listItems(db: Tx, typeId: number): Promise<DictItem[]> {
  await requireType(db, typeId);
  return db
    .select(itemColumns)
    .from(dictItems)
    .where(eq(dictItems.typeId, typeId))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
}

export async function saveItem(db: Db, input: DictItemSaveInput): Promise<number> {
  await requireType(db, input.typeId);
  const values = { value: input.value, name: input.name, sort: input.sort };
  try {
    if (input.itemId) {
      const [row] = await db
        .update(dictItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(dictItems.id, input.itemId), eq(dictItems.typeId, input.typeId)))
        .returning({ id: dictItems.id });
      if (!row) throw notFound(DictMsg.itemNotFound);
      return row.id;
    }
    const [row] = await db
      .insert(dictItems)
      .values({ typeId: input.typeId, ...values })
      .returning({ id: dictItems.id });
    return row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(DictMsg.valueTaken);
    throw err;
  }
}

export async function deleteItem(db: Db, itemId: number): Promise<void> {
  const [row] = await db.delete(dictItems).where(eq(dictItems.id, itemId)).returning({ id: dictItems.id });
  if (!row) throw notFound(DictMsg.itemNotFound);
}

/** The entries of a dictionary or code list by its code, in order; none when it does not exist. */
export async function entriesOf(db: Tx, kind: 'dict' | 'code', code: string) {
  return db
    .select({ value: dictItems.value, name: dictItems.name })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.kind, kind), eq(dictTypes.code, code)))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
}
