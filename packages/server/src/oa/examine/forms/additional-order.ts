import { type AdditionalOrderGuest, AdditionalOrderMsg, GUEST_PHONE, type GuestFormType } from '@crm/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Tx } from '../../../db/client.ts';
import { userNames } from '../../../org/names.ts';
import { inList } from '../../../org/sql-lists.ts';
import { entriesOf } from '../../../system/dict/service.ts';
import type { FormStore } from './form-store.ts';
import { hiddenOf, loadGuests } from './guests.ts';
import { oaExamineAdditionalOrderGuests, oaExamineBlocks } from './tables.ts';

type GuestRow = typeof oaExamineAdditionalOrderGuests.$inferInsert;

/** The dictionary values of `code` as numbers (task types, shareholder types). */
async function dictNumbers(db: Tx, code: string): Promise<Map<number, string>> {
  const entries = await entriesOf(db, 'dict', code);
  return new Map(entries.filter((e) => /^\d{1,9}$/.test(e.value)).map((e) => [Number(e.value), e.name]));
}

/** Every id exists in `table` (departments, active designers), else `msg`. */
async function checkAll(db: Tx, ids: number[], query: (ids: number[]) => ReturnType<typeof sql>, msg: string) {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return;
  const rows = await queryRows<{ id: number }>(db, query(distinct));
  if (rows.length !== distinct.length) throw badRequest(msg);
}

const designers = (ids: number[]) =>
  sql`select user_id as id from sys_user where user_id in ${inList(ids)} and status = 1 and post like '%设计%'`;
const departments = (ids: number[]) => sql`select dept_id as id from sys_dept where dept_id in ${inList(ids)}`;

/**
 * 追加单: the guests' rows (one per guest, by examine_id) and the task (the approval's own field,
 * in oa_examine_block). Each guest is read again from its record in the applicant's scope and
 * filled from it: name, owner, phone, age, gender, shop and boss phone, old/new, owner's
 * department. The record's phone must be a valid mobile, as the form's rule says.
 */
export const additionalOrderStore: FormStore = {
  async save(tx, { examineId, user, wrapper }, model) {
    const guests = model as AdditionalOrderGuest[];
    const records = new Map<GuestFormType, Awaited<ReturnType<typeof loadGuests>>>();
    for (const type of [1, 2] as const)
      records.set(
        type,
        await loadGuests(
          tx,
          user,
          type,
          guests.filter((g) => g.formType === type).map((g) => g.customerId),
        ),
      );

    const taskId = wrapper.taskId as number | undefined;
    if (taskId !== undefined && !(await dictNumbers(tx, 'taskType')).has(taskId))
      throw badRequest(AdditionalOrderMsg.taskInvalid);
    const shareholderTypes = await dictNumbers(tx, 'ownerShareholderType');
    for (const g of guests)
      if (
        g.hasStoreShareholder &&
        g.ownerShareholderType !== undefined &&
        !shareholderTypes.has(g.ownerShareholderType)
      )
        throw badRequest(AdditionalOrderMsg.shareholderTypeInvalid);
    await checkAll(
      tx,
      guests.flatMap((g) => g.deptId),
      departments,
      AdditionalOrderMsg.deptInvalid,
    );
    await checkAll(
      tx,
      guests.flatMap((g) => (g.appointDesignerUserId ? [g.appointDesignerUserId] : [])),
      designers,
      AdditionalOrderMsg.designerInvalid,
    );

    const rows: GuestRow[] = guests.map((g, seq) => {
      const r = records.get(g.formType)!.get(g.customerId)!;
      if (!r.mobile) throw badRequest(AdditionalOrderMsg.phoneRequired);
      if (!GUEST_PHONE.test(r.mobile)) throw badRequest(AdditionalOrderMsg.phoneInvalid);
      return {
        examineId,
        seq,
        formType: g.formType,
        customerId: g.customerId,
        customerName: r.customerName,
        userId: r.userId,
        phone: r.mobile,
        age: r.age,
        gender: r.gender,
        bossMobile: r.bossMobile,
        shopOwnerName: r.shopOwnerName,
        hasOldCustomer: r.hasOldCustomer,
        relation: g.relation,
        projectContent: g.projectContent,
        subTime: g.subTime || null,
        needCap: g.needCap,
        hasStoreShareholder: g.hasStoreShareholder,
        ownerShareholderType: g.hasStoreShareholder ? (g.ownerShareholderType ?? null) : null,
        deptIds: [...new Set(g.deptId)],
        otherPhone: g.otherPhone,
        otherName: g.otherName,
        tips: g.tips,
        remark: g.remark,
        appointDesignerUserId: g.appointDesignerUserId ?? null,
        ownerUserDeptName: r.deptName,
      };
    });
    await tx.delete(oaExamineAdditionalOrderGuests).where(eq(oaExamineAdditionalOrderGuests.examineId, examineId));
    await tx.insert(oaExamineAdditionalOrderGuests).values(rows);
    const block = { taskId: taskId ?? null };
    await tx
      .insert(oaExamineBlocks)
      .values({ examineId, type: 'additionalOrder', model: block })
      .onConflictDoUpdate({ target: oaExamineBlocks.examineId, set: { model: block } });
  },

  /**
   * The guests as the form sends them (deptId comma-joined), with the names the views show. The
   * phone, age and boss's phone were copied from the records at save time: a viewer whose roles
   * hide the record's mobile (a shop's phone) or ID number gets them empty, as on the record.
   */
  async load(db, examineId, _remark, viewer) {
    const hidden = await hiddenOf(db, viewer);
    const hides = (formType: number, customerField: string, storeField: string) =>
      formType === 1 ? hidden.customer.has(customerField) : hidden.store.has(storeField);
    const rows = await db
      .select()
      .from(oaExamineAdditionalOrderGuests)
      .where(eq(oaExamineAdditionalOrderGuests.examineId, examineId))
      .orderBy(asc(oaExamineAdditionalOrderGuests.seq));
    const deptIds = [...new Set(rows.flatMap((r) => r.deptIds))];
    const depts = deptIds.length
      ? await queryRows<{ id: number; name: string }>(
          db,
          sql`select dept_id as id, name from sys_dept where dept_id in ${inList(deptIds)}`,
        )
      : [];
    const deptName = new Map(depts.map((d) => [Number(d.id), d.name]));
    const designerIds = rows.flatMap((r) => (r.appointDesignerUserId ? [r.appointDesignerUserId] : []));
    const designerNames = await userNames(db, designerIds);
    const shareholderTypes = await dictNumbers(db, 'ownerShareholderType');
    return rows.map((r) => ({
      id: r.id,
      formType: r.formType,
      customerId: r.customerId,
      customerName: r.customerName,
      userId: r.userId,
      phone: hides(r.formType, 'mobile', 'phone') ? '' : r.phone,
      age: hides(r.formType, 'idCard', 'idCard') ? '' : r.age,
      gender: r.gender,
      bossMobile: hidden.store.has('phone') ? '' : r.bossMobile,
      shopOwnerName: r.shopOwnerName,
      hasOldCustomer: r.hasOldCustomer,
      relation: r.relation,
      projectContent: r.projectContent,
      subTime: r.subTime ?? '',
      needCap: r.needCap,
      hasStoreShareholder: r.hasStoreShareholder,
      ownerShareholderType: r.ownerShareholderType ?? undefined,
      ownerShareholderTypeName:
        r.ownerShareholderType === null ? '' : (shareholderTypes.get(r.ownerShareholderType) ?? ''),
      deptId: r.deptIds.join(','),
      deptNames: r.deptIds.map((id) => deptName.get(id) ?? '').filter(Boolean),
      otherPhone: r.otherPhone,
      otherName: r.otherName,
      tips: r.tips,
      remark: r.remark,
      appointDesignerUserId: r.appointDesignerUserId ?? undefined,
      appointDesignerName: r.appointDesignerUserId ? (designerNames.get(r.appointDesignerUserId) ?? '') : '',
      ownerUserDeptName: r.ownerUserDeptName,
    }));
  },

  async loadWrapper(db, examineId) {
    const [r] = await db.select().from(oaExamineBlocks).where(eq(oaExamineBlocks.examineId, examineId));
    const taskId = typeof r?.model.taskId === 'number' ? r.model.taskId : null;
    const taskName = taskId === null ? '' : ((await dictNumbers(db, 'taskType')).get(taskId) ?? '');
    return taskId === null ? {} : { taskId, taskName };
  },
};
