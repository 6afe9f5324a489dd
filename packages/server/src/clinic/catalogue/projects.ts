import { CatalogueMsg, type Project, type ProjectListInput, type ProjectSaveInput } from '@crm/shared';
import { pinyinSearchKey } from '@crm/shared/pinyin';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { classWithSubclasses } from './classes.ts';
import { deleteUnlessReferenced } from './restrict.ts';
import { subtreeIds } from './tree.ts';

/** Projects of the catalogue: the list, one project, save, delete, enable and disable. */

export const projectList = defineList({
  from: sql`crm_project p`,
  id: sql`p.project_id`,
  fields: {
    name: { sql: sql`p.project_name`, type: 'text' },
    code: { sql: sql`p.code`, type: 'text' },
    price: { sql: sql`p.price`, type: 'number' },
    salesPrice: { sql: sql`p.sales_price`, type: 'number' },
    sessions: { sql: sql`p.sessions`, type: 'number' },
    sort: { sql: sql`p.sort`, type: 'number' },
    enabled: { sql: sql`p.enabled`, type: 'boolean' },
    classId: { sql: sql`p.class_id`, type: 'number' },
    updateTime: { sql: sql`p.update_time`, type: 'date' },
  },
  // Name, code, or the pinyin key (full pinyin and initials: "bns" finds 玻尿酸).
  search: [sql`p.project_name`, sql`p.code`, sql`p.pinyin`],
  defaultSort: [{ field: 'sort', order: 'asc' }],
  scope: { unscoped: 'the catalogue is the company’s configuration, the same for every viewer' },
});

/** Columns of one project row over `p` (the project) and the joins below. */
const columns = sql`p.project_id, p.class_id, c.class_name, p.project_name, p.code, p.pinyin, p.unit,
  round(p.price * 100)::bigint as price, round(p.sales_price * 100)::bigint as sales_price,
  round(p.min_price * 100)::bigint as min_price, round(p.cost * 100)::bigint as cost,
  p.sessions, p.validity_months, p.needs_verify, p.settle_dept_id, sd.name as settle_dept_name,
  p.verify_dept_id, vd.name as verify_dept_name, p.counts_as_deal, p.earns_performance, p.earns_points,
  p.convert_class_id, cc.name as convert_class_name, p.remark, p.enabled, p.sort, p.create_time, p.update_time,
  coalesce((select json_agg(json_build_array(b.part_id, b.name) order by b.sort, b.part_id)
    from crm_project_part pp join crm_body_part b on b.part_id = pp.part_id
    where pp.project_id = p.project_id), '[]') as parts`;
const joins = sql`join crm_project_class c on c.class_id = p.class_id
  left join sys_dept sd on sd.dept_id = p.settle_dept_id
  left join sys_dept vd on vd.dept_id = p.verify_dept_id
  left join crm_project_convert_class cc on cc.convert_class_id = p.convert_class_id`;

type Row = {
  project_id: number;
  class_id: number;
  class_name: string;
  project_name: string;
  code: string;
  pinyin: string;
  unit: string;
  price: string | number;
  sales_price: string | number;
  min_price: string | number;
  cost: string | number;
  sessions: number;
  validity_months: number;
  needs_verify: boolean;
  settle_dept_id: number | null;
  settle_dept_name: string | null;
  verify_dept_id: number | null;
  verify_dept_name: string | null;
  counts_as_deal: boolean;
  earns_performance: boolean;
  earns_points: boolean;
  convert_class_id: number | null;
  convert_class_name: string | null;
  remark: string;
  enabled: boolean;
  sort: number;
  create_time: string | Date;
  update_time: string | Date;
  parts: [number, string][] | string;
};

const idOrNull = (v: number | null) => (v === null ? null : Number(v));

function toProject(r: Row): Project {
  const parts = (typeof r.parts === 'string' ? JSON.parse(r.parts) : r.parts) as [number, string][];
  return {
    projectId: Number(r.project_id),
    classId: Number(r.class_id),
    className: r.class_name,
    name: r.project_name,
    code: r.code,
    pinyin: r.pinyin,
    unit: r.unit,
    price: Number(r.price),
    salesPrice: Number(r.sales_price),
    minPrice: Number(r.min_price),
    cost: Number(r.cost),
    sessions: Number(r.sessions),
    validityMonths: Number(r.validity_months),
    needsVerify: r.needs_verify,
    settleDeptId: idOrNull(r.settle_dept_id),
    settleDeptName: r.settle_dept_name ?? '',
    verifyDeptId: idOrNull(r.verify_dept_id),
    verifyDeptName: r.verify_dept_name ?? '',
    countsAsDeal: r.counts_as_deal,
    earnsPerformance: r.earns_performance,
    earnsPoints: r.earns_points,
    convertClassId: idOrNull(r.convert_class_id),
    convertClassName: r.convert_class_name ?? '',
    partIds: parts.map((p) => Number(p[0])),
    partNames: parts.map((p) => p[1]),
    remark: r.remark,
    enabled: r.enabled,
    sort: Number(r.sort),
    createTime: r.create_time,
    updateTime: r.update_time,
  } as Project;
}

type Filters = Pick<ProjectListInput, 'classId' | 'partId' | 'enabled'> & { ids?: number[] };

/** The list's own filters as conditions over `p`: a class means it and its subclasses, a part likewise. */
export async function filterConditions(db: Tx, f: Filters): Promise<SQL[]> {
  const where: SQL[] = [];
  if (f.classId !== undefined) {
    const classes = await classWithSubclasses(db, f.classId);
    where.push(classes.length ? sql`p.class_id in ${inList(classes)}` : sql`false`);
  }
  if (f.partId !== undefined) {
    const parts = await subtreeIds(db, { table: 'crm_body_part', id: 'part_id' }, f.partId);
    where.push(
      parts.length
        ? sql`exists (select 1 from crm_project_part pp where pp.project_id = p.project_id and pp.part_id in ${inList(parts)})`
        : sql`false`,
    );
  }
  if (f.enabled !== undefined) where.push(sql`p.enabled = ${f.enabled}`);
  if (f.ids?.length) where.push(sql`p.project_id in ${inList(f.ids)}`);
  return where;
}

/** A page of the list; `ids` (the export's chosen rows) narrows it further. */
export async function queryProjects(db: Tx, user: SessionUser, input: ProjectListInput & { ids?: number[] }) {
  // An unknown class has no subclasses: the subtree query answers nothing, and so does the list.
  const where = await filterConditions(db, input);
  return listPage(
    db,
    projectList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      sortField: input.sortField || undefined,
      order: input.order,
      where,
    },
    {
      columns,
      joins: sql`join crm_project p on p.project_id = page.id ${joins}`,
      map: toProject,
    },
  );
}

export async function projectById(db: Tx, id: number): Promise<Project> {
  const [row] = await queryRows<Row>(db, sql`select ${columns} from crm_project p ${joins} where p.project_id = ${id}`);
  if (!row) throw notFound(CatalogueMsg.projectMissing);
  return toProject(row);
}

/** Every referenced row exists: class, departments, conversion class, body parts. */
async function checkReferences(tx: Tx, p: ProjectSaveInput) {
  const one = async (q: SQL, msg: string) => {
    if (!(await queryRows(tx, q)).length) throw badRequest(msg);
  };
  await one(sql`select 1 from crm_project_class where class_id = ${p.classId}`, CatalogueMsg.classMissing);
  for (const dept of [p.settleDeptId, p.verifyDeptId])
    if (dept !== null) await one(sql`select 1 from sys_dept where dept_id = ${dept}`, CatalogueMsg.deptMissing);
  if (p.convertClassId !== null)
    await one(
      sql`select 1 from crm_project_convert_class where convert_class_id = ${p.convertClassId}`,
      CatalogueMsg.convertClassMissing,
    );
  const parts = [...new Set(p.partIds)];
  if (parts.length) {
    const [n] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from crm_body_part where part_id in ${inList(parts)}`,
    );
    if (Number(n?.n) !== parts.length) throw badRequest(CatalogueMsg.partMissing);
  }
}

const yuan = (fen: number) => sql`${fen}::numeric / 100`;

/**
 * Create or update a project in one transaction (the row and its body parts). A create with a
 * batch id already used answers the project it made: a double click never makes two.
 */
export async function saveProject(db: Tx, p: ProjectSaveInput): Promise<number> {
  return db.transaction(async (tx) => {
    if (p.projectId === undefined && p.batchId) {
      const [done] = await queryRows<{ project_id: number }>(
        tx,
        sql`select project_id from crm_project where batch_id = ${p.batchId}`,
      );
      if (done) return Number(done.project_id);
    }
    await checkReferences(tx, p);
    if (p.code) {
      const taken = await queryRows(
        tx,
        sql`select 1 from crm_project where code <> '' and lower(code) = lower(${p.code})
            ${p.projectId === undefined ? sql`` : sql`and project_id <> ${p.projectId}`}`,
      );
      if (taken.length) throw conflict(CatalogueMsg.codeTaken);
    }
    const values = sql`class_id = ${p.classId}, project_name = ${p.name}, code = ${p.code},
      pinyin = ${pinyinSearchKey(p.name)}, unit = ${p.unit}, price = ${yuan(p.price)},
      sales_price = ${yuan(p.salesPrice)}, min_price = ${yuan(p.minPrice)}, cost = ${yuan(p.cost)},
      sessions = ${p.sessions}, validity_months = ${p.validityMonths}, needs_verify = ${p.needsVerify},
      settle_dept_id = ${p.settleDeptId}, verify_dept_id = ${p.verifyDeptId}, counts_as_deal = ${p.countsAsDeal},
      earns_performance = ${p.earnsPerformance}, earns_points = ${p.earnsPoints},
      convert_class_id = ${p.convertClassId}, remark = ${p.remark}, enabled = ${p.enabled}, sort = ${p.sort},
      update_time = now()`;
    let id: number;
    if (p.projectId === undefined) {
      // Insert a bare row (batch-id guarded) and fill it with the same assignment list as an update.
      const [row] = await queryRows<{ project_id: number }>(
        tx,
        sql`insert into crm_project (class_id, project_name, batch_id) values (${p.classId}, ${p.name}, ${p.batchId ?? null})
            on conflict (batch_id) do nothing returning project_id`,
      );
      if (!row) {
        const [done] = await queryRows<{ project_id: number }>(
          tx,
          sql`select project_id from crm_project where batch_id = ${p.batchId ?? null}`,
        );
        return Number(done!.project_id);
      }
      id = Number(row.project_id);
      await tx.execute(sql`update crm_project set ${values} where project_id = ${id}`);
      if (!p.code)
        await tx.execute(sql`update crm_project set code = 'XM' || lpad(${id}::text, 5, '0') where project_id = ${id}`);
    } else {
      id = p.projectId;
      const updated = await queryRows(
        tx,
        sql`update crm_project set ${values} where project_id = ${id} returning project_id`,
      );
      if (!updated.length) throw notFound(CatalogueMsg.projectMissing);
      if (!p.code)
        await tx.execute(sql`update crm_project set code = 'XM' || lpad(${id}::text, 5, '0') where project_id = ${id}`);
      await tx.execute(sql`delete from crm_project_part where project_id = ${id}`);
    }
    for (const partId of new Set(p.partIds))
      await tx.execute(sql`insert into crm_project_part (project_id, part_id) values (${id}, ${partId})`);
    return id;
  });
}

/**
 * Tables that reference a project and keep it: the shops' project lists, and whatever the money
 * path adds (orders, deal records) through foreign keys, which refuse the delete (RESTRICT);
 * both answer the same message.
 */
export async function deleteProjects(db: Tx, ids: number[]) {
  await db.transaction(async (tx) => {
    const found = await queryRows<{ project_id: number }>(
      tx,
      sql`select project_id from crm_project where project_id in ${inList(ids)} for update`,
    );
    if (found.length !== new Set(ids).size) throw notFound(CatalogueMsg.projectMissing);
    const used = await queryRows(tx, sql`select 1 from crm_store_project where project_id in ${inList(ids)} limit 1`);
    if (used.length) throw badRequest(CatalogueMsg.projectInUse);
    // A row of a later feature (an order line, a deal record) may still name the project.
    await deleteUnlessReferenced(
      () => tx.execute(sql`delete from crm_project where project_id in ${inList(ids)}`),
      CatalogueMsg.projectInUse,
    );
  });
}

export async function setProjectsEnabled(db: Tx, ids: number[], enabled: boolean) {
  await db.transaction(async (tx) => {
    const updated = await queryRows(
      tx,
      sql`update crm_project set enabled = ${enabled}, update_time = now() where project_id in ${inList(ids)} returning project_id`,
    );
    if (updated.length !== new Set(ids).size) throw notFound(CatalogueMsg.projectMissing);
  });
}
