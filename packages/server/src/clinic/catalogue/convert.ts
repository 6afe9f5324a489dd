import { CatalogueMsg, type ConvertClass, type convertClassSaveSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

/**
 * Conversion classes (转换类别): a project belongs to at most one; a leftover of a deal may
 * convert into another enabled project of the same class (CLINIC.md "Money rules › Conversion").
 */

export async function convertClasses(db: Tx): Promise<ConvertClass[]> {
  const rows = await queryRows<{
    convert_class_id: number;
    name: string;
    remark: string;
    projects: [number, string, boolean][] | string;
  }>(
    db,
    sql`select cc.convert_class_id, cc.name, cc.remark,
          coalesce((select json_agg(json_build_array(p.project_id, p.project_name, p.enabled) order by p.sort, p.project_id)
            from crm_project p where p.convert_class_id = cc.convert_class_id), '[]') as projects
        from crm_project_convert_class cc order by cc.convert_class_id`,
  );
  return rows.map((r) => ({
    convertClassId: Number(r.convert_class_id),
    name: r.name,
    remark: r.remark,
    projects: (typeof r.projects === 'string' ? JSON.parse(r.projects) : r.projects).map(
      ([projectId, name, enabled]: [number, string, boolean]) => ({ projectId: Number(projectId), name, enabled }),
    ),
  }));
}

/** Save a class and its projects in one transaction: the listed projects join it, the others leave. */
export async function saveConvertClass(db: Tx, input: z.infer<typeof convertClassSaveSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const same = await queryRows(
      tx,
      sql`select 1 from crm_project_convert_class where lower(name) = lower(${input.name})
          ${input.convertClassId === undefined ? sql`` : sql`and convert_class_id <> ${input.convertClassId}`}`,
    );
    if (same.length) throw conflict(CatalogueMsg.convertNameTaken);
    const ids = [...new Set(input.projectIds)];
    if (ids.length) {
      const [n] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from crm_project where project_id in ${inList(ids)}`,
      );
      if (Number(n?.n) !== ids.length) throw badRequest(CatalogueMsg.projectMissing);
    }
    let id: number;
    if (input.convertClassId === undefined) {
      const [row] = await queryRows<{ convert_class_id: number }>(
        tx,
        sql`insert into crm_project_convert_class (name, remark) values (${input.name}, ${input.remark})
            returning convert_class_id`,
      );
      id = Number(row!.convert_class_id);
    } else {
      id = input.convertClassId;
      const updated = await queryRows(
        tx,
        sql`update crm_project_convert_class set name = ${input.name}, remark = ${input.remark}
            where convert_class_id = ${id} returning convert_class_id`,
      );
      if (!updated.length) throw notFound(CatalogueMsg.convertClassMissing);
      await tx.execute(sql`update crm_project set convert_class_id = null where convert_class_id = ${id}`);
    }
    if (ids.length)
      await tx.execute(sql`update crm_project set convert_class_id = ${id} where project_id in ${inList(ids)}`);
    return id;
  });
}

/** Delete a class; its projects simply belong to none (nothing else names a class). */
export async function deleteConvertClass(db: Tx, id: number) {
  await db.transaction(async (tx) => {
    const gone = await queryRows(
      tx,
      sql`delete from crm_project_convert_class where convert_class_id = ${id} returning convert_class_id`,
    );
    if (!gone.length) throw notFound(CatalogueMsg.convertClassMissing);
  });
}

/** The projects a leftover of `projectId` may convert into: same class, enabled, not itself. */
export async function convertTargets(db: Tx, projectId: number) {
  const [own] = await queryRows<{ convert_class_id: number | null }>(
    db,
    sql`select convert_class_id from crm_project where project_id = ${projectId}`,
  );
  if (!own) throw notFound(CatalogueMsg.projectMissing);
  if (own.convert_class_id === null) return [];
  const rows = await queryRows<{
    project_id: number;
    project_name: string;
    code: string;
    unit: string;
    price: string;
    sales_price: string;
    sessions: number;
  }>(
    db,
    sql`select project_id, project_name, code, unit, round(price * 100)::bigint as price,
          round(sales_price * 100)::bigint as sales_price, sessions
        from crm_project
        where convert_class_id = ${own.convert_class_id} and enabled and project_id <> ${projectId}
        order by sort, project_id`,
  );
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    name: r.project_name,
    code: r.code,
    unit: r.unit,
    price: Number(r.price),
    salesPrice: Number(r.sales_price),
    sessions: Number(r.sessions),
  }));
}
