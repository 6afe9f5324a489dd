import { CatalogueMsg, type ProjectClassNode, type ProjectClassSaveInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { deleteUnlessReferenced } from './restrict.ts';
import { checkParent, nest, subtreeIds, type TreeTable } from './tree.ts';

/** Project classes (配置 › 项目, the tree on the left): a tree by `pid`, names unique in the catalogue. */

export const classTable: TreeTable = { table: 'crm_project_class', id: 'class_id' };

type ClassRow = { class_id: number; class_name: string; pid: number | null; sort: number; enabled: boolean; n: number };

/** The whole tree with each class's own project count, in one query. */
export async function classTree(db: Tx): Promise<ProjectClassNode[]> {
  const rows = await queryRows<ClassRow>(
    db,
    sql`select c.class_id, c.class_name, c.pid, c.sort, c.enabled,
          (select count(*)::int from crm_project p where p.class_id = c.class_id) as n
        from crm_project_class c order by c.sort, c.class_id`,
  );
  return nest(
    rows.map((r) => ({
      classId: Number(r.class_id),
      name: r.class_name,
      pid: r.pid === null ? null : Number(r.pid),
      sort: Number(r.sort),
      enabled: r.enabled,
      projectCount: Number(r.n),
      children: [] as ProjectClassNode[],
    })),
    (n) => n.classId,
  );
}

/** A class and its subclasses: what "filter by class" and the shop's class list mean. */
export const classWithSubclasses = (db: Tx, id: number) => subtreeIds(db, classTable, id);

export async function saveClass(db: Tx, input: ProjectClassSaveInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkParent(tx, classTable, input.classId, input.pid, {
      missing: badRequest(CatalogueMsg.classParentMissing),
      self: badRequest(CatalogueMsg.classParentSelf),
    });
    const same = await queryRows(
      tx,
      sql`select 1 from crm_project_class where lower(class_name) = lower(${input.name})
          ${input.classId === undefined ? sql`` : sql`and class_id <> ${input.classId}`}`,
    );
    if (same.length) throw conflict(CatalogueMsg.classNameTaken);
    if (input.classId === undefined) {
      // A new class goes last among its siblings.
      const [row] = await queryRows<{ class_id: number }>(
        tx,
        sql`insert into crm_project_class (class_name, pid, enabled, sort)
            values (${input.name}, ${input.pid}, ${input.enabled},
              (select coalesce(max(sort) + 1, 0) from crm_project_class where pid is not distinct from ${input.pid}))
            returning class_id`,
      );
      return Number(row!.class_id);
    }
    const updated = await queryRows(
      tx,
      sql`update crm_project_class set class_name = ${input.name}, pid = ${input.pid}, enabled = ${input.enabled}
          where class_id = ${input.classId} returning class_id`,
    );
    if (!updated.length) throw notFound(CatalogueMsg.classMissing);
    return input.classId;
  });
}

/** Delete an empty class: one with subclasses or projects is refused. */
export async function deleteClass(db: Tx, id: number) {
  await db.transaction(async (tx) => {
    const found = await queryRows(tx, sql`select 1 from crm_project_class where class_id = ${id} for update`);
    if (!found.length) throw notFound(CatalogueMsg.classMissing);
    if ((await queryRows(tx, sql`select 1 from crm_project_class where pid = ${id} limit 1`)).length)
      throw badRequest(CatalogueMsg.classHasChildren);
    if ((await queryRows(tx, sql`select 1 from crm_project where class_id = ${id} limit 1`)).length)
      throw badRequest(CatalogueMsg.classHasProjects);
    // A project added to it meanwhile: the foreign key refuses, with the same answer.
    await deleteUnlessReferenced(
      () => tx.execute(sql`delete from crm_project_class where class_id = ${id}`),
      CatalogueMsg.classHasProjects,
    );
  });
}

/** Put one parent's children in the given order (the tree's drag and drop, up and down). */
export async function sortClasses(db: Tx, pid: number | null, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ class_id: number }>(
      tx,
      sql`select class_id from crm_project_class where pid is not distinct from ${pid} for update`,
    );
    const children = new Set(rows.map((r) => Number(r.class_id)));
    if (children.size !== ids.length || ids.some((id) => !children.has(id))) throw badRequest(CatalogueMsg.sortInvalid);
    for (const [sort, id] of ids.entries())
      await tx.execute(sql`update crm_project_class set sort = ${sort} where class_id = ${id}`);
  });
}
