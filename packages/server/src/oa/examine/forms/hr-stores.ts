import {
  HrApplyMsg,
  ModuleCode,
  PLANNING_CODE_TYPE,
  type PlanningDemandModel,
  PlanningDemandMsg,
  type PostAdjustModel,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import { loadRecord } from '../../../crm/records/access.ts';
import type { KindRegistry } from '../../../crm/records/registry.ts';
import type { Tx } from '../../../db/client.ts';
import { inList } from '../../../org/sql-lists.ts';
import { entriesOf } from '../../../system/dict/service.ts';
import { blockStore } from './block-store.ts';
import type { FormStore } from './form-store.ts';

/**
 * The HR requisitions' stores. 调岗 keeps its block as JSON (shown, and read by the HR apply to
 * prefill the new department, post and leader) after checking the people and departments against
 * the organisation; 计划需求 takes the item's name from code list 1020, not from the form.
 */

async function deptNames(db: Tx, ids: number[]) {
  const rows = ids.length
    ? await queryRows<{ dept_id: number; name: string }>(
        db,
        sql`select dept_id, name from sys_dept where dept_id in ${inList(ids)}`,
      )
    : [];
  return new Map(rows.map((r) => [Number(r.dept_id), r.name]));
}

async function activeUserNames(db: Tx, ids: number[], onlyActive: boolean) {
  const rows = ids.length
    ? await queryRows<{ user_id: number; realname: string }>(
        db,
        sql`select user_id, realname from sys_user
            where user_id in ${inList(ids)} ${onlyActive ? sql`and status = 1` : sql``}`,
      )
    : [];
  return new Map(rows.map((r) => [Number(r.user_id), r.realname]));
}

export const postAdjustStore: FormStore = {
  async save(tx, at, model) {
    const m = model as PostAdjustModel;
    const people = await activeUserNames(tx, [m.userId, m.leader], true);
    if (!people.has(m.userId) || !people.has(m.leader)) throw badRequest(HrApplyMsg.userNotFound);
    const depts = await deptNames(tx, [m.oldDeptId, m.newDeptId]);
    if (!depts.has(m.oldDeptId) || !depts.has(m.newDeptId)) throw badRequest(HrApplyMsg.deptNotFound);
    await blockStore('postAdjust').save(tx, at, m);
  },
  async load(db, examineId, remark, viewer) {
    const m = (await blockStore('postAdjust').load(db, examineId, remark, viewer)) as PostAdjustModel | null;
    if (!m) return null;
    const depts = await deptNames(db, [m.oldDeptId, m.newDeptId]);
    const people = await activeUserNames(db, [m.userId, m.leader], false);
    return {
      ...m,
      userName: people.get(m.userId) ?? '',
      leaderName: people.get(m.leader) ?? '',
      oldDeptName: depts.get(m.oldDeptId) ?? '',
      newDeptName: depts.get(m.newDeptId) ?? '',
    };
  },
};

export const planningDemandStore: FormStore = {
  async save(tx, at, model) {
    const m = model as PlanningDemandModel;
    const item = (await entriesOf(tx, 'code', String(PLANNING_CODE_TYPE))).find((e) => e.value === m.codeNo);
    if (!item) throw badRequest(PlanningDemandMsg.nameUnknown);
    await blockStore('planningDemand').save(tx, at, { ...m, codeName: item.name });
  },
  load: (db, examineId, remark, viewer) => blockStore('planningDemand').load(db, examineId, remark, viewer),
};

/**
 * The project list of a customer (approvals §7): the projects its owning shop runs
 * (docs/decisions.md). Only for a customer the viewer may read.
 */
export async function customerProjects(
  db: Tx,
  kinds: KindRegistry,
  user: Parameters<typeof loadRecord>[2],
  customerId: number,
) {
  const kind = kinds.of(ModuleCode.customer);
  if (!kind) return [];
  const { row } = await loadRecord(db, kind, user, customerId, 'read');
  const shopId = row.shop_owner_id;
  if (shopId === null || shopId === undefined) return [];
  const rows = await queryRows<{ project_id: number; project_name: string }>(
    db,
    sql`select p.project_id, p.project_name from crm_store_project sp
        join crm_project p on p.project_id = sp.project_id
        where sp.store_id = ${Number(shopId)}
        order by p.sort, p.project_id`,
  );
  return rows.map((r) => ({ projectId: Number(r.project_id), projectName: r.project_name }));
}
