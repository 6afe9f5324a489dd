import {
  type ExpenseKind,
  type LeaveModel,
  LeaveMsg,
  leaveTypeName,
  ModuleCode,
  ProblemCustomerMsg,
} from '@crm/shared';
import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { badRequest } from '../../../core/errors.ts';
import { loadRecords } from '../../../crm/records/access.ts';
import type { KindRegistry } from '../../../crm/records/registry.ts';
import type { Tx } from '../../../db/client.ts';
import { userNames } from '../../../org/names.ts';
import { additionalOrderStore } from './additional-order.ts';
import { blockStore } from './block-store.ts';
import type { FormStore } from './form-store.ts';
import { customerProjects, planningDemandStore, postAdjustStore } from './hr-stores.ts';
import { approvedLeave, leaveAllowance } from './leave-balance.ts';
import { oaExamineExpenseLines, oaExamineLeaves } from './tables.ts';

export type { FormStore } from './form-store.ts';

const generalStore: FormStore = {
  save: async () => {},
  load: async (_db, _id, remark) => ({ detail: remark }),
  remark: (model) => (model as { detail: string }).detail,
};

const leaveStore: FormStore = {
  async save(tx, { examineId, userId }, model) {
    const m = model as LeaveModel;
    // Beyond the yearly allowance set for the type, the server refuses.
    const allowance = (await leaveAllowance(tx)).get(m.leaveType);
    if (allowance !== undefined) {
      const year = Number(m.startTime.slice(0, 4));
      const used = (await approvedLeave(tx, userId, year, examineId)).get(m.leaveType) ?? 0;
      if (used + m.duration > allowance)
        throw badRequest(
          LeaveMsg.overAllowance
            .replace('{type}', leaveTypeName(m.leaveType))
            .replace('{used}', String(used))
            .replace('{allowance}', String(allowance))
            .replace('{asked}', String(m.duration)),
        );
    }
    const row = {
      userId,
      leaveType: m.leaveType,
      startTime: m.startTime,
      endTime: m.endTime,
      duration: m.duration,
      handoverUserId: m.handoverUser,
      remark: m.remark,
    };
    await tx
      .insert(oaExamineLeaves)
      .values({ examineId, ...row })
      .onConflictDoUpdate({ target: oaExamineLeaves.examineId, set: row });
  },
  async load(db, examineId) {
    const [r] = await db.select().from(oaExamineLeaves).where(eq(oaExamineLeaves.examineId, examineId));
    if (!r) return null;
    return {
      leaveType: r.leaveType,
      leaveTypeName: leaveTypeName(r.leaveType),
      startTime: r.startTime,
      endTime: r.endTime,
      duration: Number(r.duration),
      handoverUser: r.handoverUserId,
      handoverUserName: (await userNames(db, [r.handoverUserId])).get(r.handoverUserId) ?? '',
      remark: r.remark,
    };
  },
};

type Line = Record<string, unknown> & { money: number };
type LineRow = typeof oaExamineExpenseLines.$inferInsert;

/** Each expense kind's line fields and the columns they live in. */
const lineColumns: Record<ExpenseKind, Record<string, keyof LineRow>> = {
  travel: {
    startTime: 'startDate',
    endTime: 'endDate',
    description: 'description',
    vehicle: 'vehicle',
    endAddress: 'endAddress',
  },
  reserveFund: { useDate: 'startDate', returnDate: 'endDate', cause: 'description' },
  payment: {
    payTime: 'startDate',
    cause: 'description',
    payee: 'payee',
    bankAccount: 'bankAccount',
    bankDeposit: 'bankDeposit',
  },
  administrative: { recordDate: 'startDate', detail: 'description' },
};

const expenseStore = (kind: ExpenseKind): FormStore => ({
  async save(tx, { examineId }, model) {
    const lines = model as Line[];
    await tx.delete(oaExamineExpenseLines).where(eq(oaExamineExpenseLines.examineId, examineId));
    await tx.insert(oaExamineExpenseLines).values(
      lines.map((line, seq) => {
        const row: LineRow = { examineId, kind, seq, money: line.money };
        for (const [field, column] of Object.entries(lineColumns[kind]))
          (row as Record<string, unknown>)[column] = line[field];
        return row;
      }),
    );
  },
  async load(db, examineId) {
    const rows = await db
      .select()
      .from(oaExamineExpenseLines)
      .where(eq(oaExamineExpenseLines.examineId, examineId))
      .orderBy(asc(oaExamineExpenseLines.seq));
    return rows.map((r) => {
      const line: Record<string, unknown> = { id: r.id, money: Number(r.money) };
      for (const [field, column] of Object.entries(lineColumns[kind])) line[field] = r[column] ?? '';
      return line;
    });
  },
});

/** 问题客户: the customer must be one the applicant may read (the picker offers no others). */
const problemCustomerStore: FormStore = {
  async save(tx, at, model) {
    const m = model as { customerId: number; projectId?: number; projectName: string };
    const customer = at.kinds.of(ModuleCode.customer);
    if (customer) await loadRecords(tx, customer, at.user, [m.customerId], 'read');
    // A project picked from the customer's project list must be one of them; its name is the list's.
    if (m.projectId) {
      const project = (await customerProjects(tx, at.kinds, at.user, m.customerId)).find(
        (p) => p.projectId === m.projectId,
      );
      if (!project) throw badRequest(ProblemCustomerMsg.projectRequired);
      m.projectName = project.projectName;
    }
    await blockStore('problemCustomer').save(tx, at, m);
  },
  load: (db, examineId, remark, viewer) => blockStore('problemCustomer').load(db, examineId, remark, viewer),
};

/** The store of every dedicated type of the shared definitions, by type key. */
export const formStores: Record<string, FormStore> = {
  general: generalStore,
  leave: leaveStore,
  cardReplacement: blockStore('cardReplacement'),
  travel: expenseStore('travel'),
  reserveFund: expenseStore('reserveFund'),
  payment: expenseStore('payment'),
  administrative: expenseStore('administrative'),
  problemCustomer: problemCustomerStore,
  additionalOrder: additionalOrderStore,
  predict: blockStore('predict'),
  quit: blockStore('quit'),
  positive: blockStore('positive'),
  postAdjust: postAdjustStore,
  planningDemand: planningDemandStore,
};
