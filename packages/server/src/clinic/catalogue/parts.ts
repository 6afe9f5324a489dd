import { type BodyPartNode, type bodyPartSaveSchema, CatalogueMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { deleteUnlessReferenced } from './restrict.ts';
import { checkParent, nest, type TreeTable } from './tree.ts';

/** Body parts (配置 › 部位): a tree by `pid`, names unique among siblings; projects are tagged with them. */

const partTable: TreeTable = { table: 'crm_body_part', id: 'part_id' };

export async function partTree(db: Tx): Promise<BodyPartNode[]> {
  const rows = await queryRows<{ part_id: number; name: string; pid: number | null; sort: number }>(
    db,
    sql`select part_id, name, pid, sort from crm_body_part order by sort, part_id`,
  );
  return nest(
    rows.map((r) => ({
      partId: Number(r.part_id),
      name: r.name,
      pid: r.pid === null ? null : Number(r.pid),
      sort: Number(r.sort),
      children: [] as BodyPartNode[],
    })),
    (n) => n.partId,
  );
}

export async function savePart(db: Tx, input: z.infer<typeof bodyPartSaveSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await checkParent(tx, partTable, input.partId, input.pid, {
      missing: badRequest(CatalogueMsg.partParentMissing),
      self: badRequest(CatalogueMsg.partParentSelf),
    });
    const same = await queryRows(
      tx,
      sql`select 1 from crm_body_part where pid is not distinct from ${input.pid} and lower(name) = lower(${input.name})
          ${input.partId === undefined ? sql`` : sql`and part_id <> ${input.partId}`}`,
    );
    if (same.length) throw conflict(CatalogueMsg.partNameTaken);
    if (input.partId === undefined) {
      const [row] = await queryRows<{ part_id: number }>(
        tx,
        sql`insert into crm_body_part (name, pid, sort) values (${input.name}, ${input.pid}, ${input.sort}) returning part_id`,
      );
      return Number(row!.part_id);
    }
    const updated = await queryRows(
      tx,
      sql`update crm_body_part set name = ${input.name}, pid = ${input.pid}, sort = ${input.sort}
          where part_id = ${input.partId} returning part_id`,
    );
    if (!updated.length) throw notFound(CatalogueMsg.partMissing);
    return input.partId;
  });
}

/** Delete a leaf no project is tagged with. */
export async function deletePart(db: Tx, id: number) {
  await db.transaction(async (tx) => {
    if (!(await queryRows(tx, sql`select 1 from crm_body_part where part_id = ${id} for update`)).length)
      throw notFound(CatalogueMsg.partMissing);
    if ((await queryRows(tx, sql`select 1 from crm_body_part where pid = ${id} limit 1`)).length)
      throw badRequest(CatalogueMsg.partHasChildren);
    if ((await queryRows(tx, sql`select 1 from crm_project_part where part_id = ${id} limit 1`)).length)
      throw badRequest(CatalogueMsg.partInUse);
    // A project tagged with it meanwhile: the foreign key refuses, with the same answer.
    await deleteUnlessReferenced(
      () => tx.execute(sql`delete from crm_body_part where part_id = ${id}`),
      CatalogueMsg.partInUse,
    );
  });
}
