import { type DeptNode, type DeptSaveInput, type DeptUpdateInput, Msg } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { deptAndDescendantsSql } from '../../org/tree.ts';
import { existingDeptIds, existingUserIds, lockOrg } from '../common.ts';

type DeptRow = {
  dept_id: number;
  pid: number;
  name: string;
  owner_user_id: number | null;
  owner_user_name: string;
  sort: number;
  remark: string;
  user_count: number;
};

/** Every department with its head and its own active users counted, in display order. */
export async function listDepts(db: Tx): Promise<DeptNode[]> {
  const rows = await queryRows<DeptRow>(
    db,
    sql`select d.dept_id, d.pid, d.name, d.owner_user_id, coalesce(o.realname, '') as owner_user_name,
               d.sort, d.remark, coalesce(c.n, 0)::int as user_count
        from sys_dept d
        left join sys_user o on o.user_id = d.owner_user_id
        left join (select dept_id, count(*) as n from sys_user where status = 1 group by dept_id) c
          on c.dept_id = d.dept_id
        order by d.sort, d.dept_id`,
  );
  return rows.map((r) => ({
    id: Number(r.dept_id),
    pid: Number(r.pid),
    name: r.name,
    label: r.name,
    ownerUserId: r.owner_user_id === null ? null : Number(r.owner_user_id),
    ownerUserName: r.owner_user_name,
    sort: Number(r.sort),
    remark: r.remark,
    userCount: Number(r.user_count),
    children: [],
  }));
}

/** Nest a flat list; a department whose parent is missing shows at the top rather than vanish. */
export function toTree(flat: DeptNode[]): DeptNode[] {
  const byId = new Map(flat.map((d) => [d.id, { ...d, children: [] as DeptNode[] }]));
  const roots: DeptNode[] = [];
  for (const d of byId.values()) {
    const parent = d.pid === 0 ? undefined : byId.get(d.pid);
    if (parent && parent !== d) parent.children.push(d);
    else roots.push(d);
  }
  return roots;
}

async function checkRefs(tx: Tx, input: DeptSaveInput): Promise<void> {
  if (input.pid !== 0 && !(await existingDeptIds(tx, [input.pid])).has(input.pid))
    throw badRequest(Msg.parentDeptNotFound);
  if (input.ownerUserId !== null && !(await existingUserIds(tx, [input.ownerUserId])).has(input.ownerUserId))
    throw badRequest(Msg.deptOwnerNotFound);
}

async function requireDept(tx: Tx, id: number): Promise<void> {
  if (!(await existingDeptIds(tx, [id])).has(id)) throw notFound(Msg.deptNotFound);
}

export async function addDept(db: Db, input: DeptSaveInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkRefs(tx, input);
    const [row] = await tx
      .insert(departments)
      .values({
        name: input.name,
        pid: input.pid,
        ownerUserId: input.ownerUserId,
        sort: input.sort,
        remark: input.remark,
      })
      .returning({ id: departments.id });
    return { id: row!.id };
  });
}

/** Is `pid` the department itself or one below it? */
async function wouldCycle(tx: Tx, id: number, pid: number): Promise<boolean> {
  const [row] = await queryRows<{ cycle: boolean }>(
    tx,
    sql`select ${pid}::int in (${deptAndDescendantsSql(id)}) as cycle`,
  );
  return row?.cycle === true;
}

export async function setDept(db: Db, input: DeptUpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    await requireDept(tx, input.id);
    await checkRefs(tx, input);
    if (input.pid !== 0) {
      await lockOrg(tx, 'dept-tree');
      if (await wouldCycle(tx, input.id, input.pid)) throw badRequest(Msg.deptCycle);
    }
    await tx
      .update(departments)
      .set({
        name: input.name,
        pid: input.pid,
        ownerUserId: input.ownerUserId,
        sort: input.sort,
        remark: input.remark,
      })
      .where(eq(departments.id, input.id));
  });
}

/** Only an empty leaf goes: no child departments, no users (disabled ones included). */
export async function deleteDept(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrg(tx, 'dept-tree');
    await requireDept(tx, id);
    const [use] = await queryRows<{ children: boolean; users: boolean }>(
      tx,
      sql`select exists (select 1 from sys_dept where pid = ${id}) as children,
                 exists (select 1 from sys_user where dept_id = ${id}) as users`,
    );
    if (use?.children) throw badRequest(Msg.deptHasChildren);
    if (use?.users) throw badRequest(Msg.deptHasUsers);
    await tx.delete(departments).where(eq(departments.id, id));
  });
}
