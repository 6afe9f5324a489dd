import { type FieldDefinition, storeImportSchema } from '@crm/shared';
import { inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { projectClasses } from '../../clinic/catalogue/tables.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { ImportRow } from '../records/excel/import.ts';
import { saveStore } from './save.ts';

/** The import's column beyond the shop's fixed fields: the form requires it. */
export const storeImportExtraFields: FieldDefinition[] = [
  {
    fieldName: 'projectClass',
    name: '门店主营项目分类',
    formType: 'text',
    isNull: 1,
    isUnique: 0,
    options: [],
    inputTips: '分类名称，多个用逗号分隔',
  } as FieldDefinition,
];

const names = (v: unknown) =>
  String(v ?? '')
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * One imported shop through the shop's own save: 服务三级 given as an employee's name (or id) and
 * the project classes by name become ids, then the row is read by the form's schema (a refused
 * row carries the form's message) and stored by `saveStore`, the importing user as owner.
 */
export async function importStoreRow(db: Tx, user: SessionUser, row: ImportRow) {
  const fixed = { ...row.fixed };
  const relation = String(fixed.relation ?? '').trim();
  if (relation && !/^\d+$/.test(relation)) {
    const found = await queryRows<{ user_id: number }>(
      db,
      sql`select user_id from sys_user where realname = ${relation} and status = 1 order by user_id limit 2`,
    );
    // An unknown or ambiguous name stays as typed: the schema refuses it with the form's message.
    if (found.length === 1) fixed.relation = String(found[0]!.user_id);
  }
  const classes = names(fixed.projectClass);
  if (classes.some((c) => !/^\d+$/.test(c))) {
    const known = await db
      .select({ id: projectClasses.id, name: projectClasses.name })
      .from(projectClasses)
      .where(inArray(projectClasses.name, classes));
    const ids = new Map(known.map((k) => [k.name, String(k.id)]));
    fixed.projectClass = classes.map((c) => ids.get(c) ?? c).join(',');
  }
  const parsed = storeImportSchema.safeParse({
    ...fixed,
    batchId: row.batchId,
    field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '导入数据有误');
  await saveStore(db, user, parsed.data, undefined);
}
