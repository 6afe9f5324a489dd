import { ExamineFormMsg, type LogKind, type Person, permittedActions, type Task } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { findCategory } from './category/repository.ts';
import { examineRecords } from './tables.ts';
import { requireVisible } from './visibility.ts';

/**
 * An approval's flow and history by its record, as the original client's flow views read them
 * (`OaExamine/queryExamineRecordList`, `examineRecord/queryExamineRecordList`,
 * `…/queryExamineLogList`; issue 20): the same record serves OA approvals and contract or
 * receivable reviews. Statuses are the original's: 0 not reached, 1 approved, 2 rejected,
 * 3 under way, 4 withdrawn, 5 submitted.
 */
async function visibleRecord(db: Db, recordId: number, viewer: SessionUser) {
  const [record] = await db.select().from(examineRecords).where(eq(examineRecords.id, recordId));
  if (!record) throw notFound(ExamineFormMsg.notFound);
  await requireVisible(db, record.id, record.state, viewer);
  return record;
}

const taskStatus = (t: Task): number => {
  switch (t.status) {
    case 'pending':
      return 3;
    case 'approved':
    case 'transferred':
      return 1;
    case 'rejected':
      return 2;
    case 'closed':
      return t.reason === 'withdrawn' ? 4 : 0;
    default:
      return 0;
  }
};

const logStatus: Record<LogKind, number> = {
  submit: 5,
  approve: 1,
  reject: 2,
  withdraw: 4,
  transfer: 3,
  addBefore: 3,
  addAfter: 3,
  return: 2,
  auto: 1,
  finish: 1,
};

const personOf = (names: Map<number, Person>, id: number) => {
  const p = names.get(id);
  return { userId: id, realname: p?.realname ?? '', img: p?.img ?? '' };
};

/** When each history entry happened, by its sequence number. */
async function logTimes(db: Db, recordId: number) {
  const rows = await queryRows<{ seq: number; create_time: string }>(
    db,
    sql`select seq, create_time from examine_log where record_id = ${recordId}`,
  );
  return new Map(rows.map((r) => [Number(r.seq), new Date(r.create_time).toISOString()]));
}

export async function originalFlow(db: Db, recordId: number, viewer: SessionUser) {
  const record = await visibleRecord(db, recordId, viewer);
  const state = record.state;
  const category = record.categoryId ? await findCategory(db, record.categoryId) : undefined;
  const examineType = category?.examineType ?? 2;
  const tasks = state.tasks.filter((t) => t.round === state.round && !t.superseded);
  const [names, times] = await Promise.all([
    people(db, [...state.plan.flatMap((p) => p.userIds), ...tasks.map((t) => t.userId)]),
    logTimes(db, recordId),
  ]);
  // A task's time is that of the latest history entry of its person on its step.
  const actedAt = (t: Task) =>
    [...state.log].reverse().find((e) => e.stepId === t.stepId && e.userId === t.userId && e.round === t.round);
  const permitted = permittedActions(state, viewer);
  const steps = state.plan
    .filter((p) => p.skip !== 'conditionUnmet')
    .map((p) => {
      const own = tasks.filter((t) => t.stepId === p.id);
      const statuses = own.map(taskStatus);
      const status = statuses.includes(2)
        ? 2
        : own.length > 0 && (p.mode === 'or' ? statuses.includes(1) : statuses.every((s) => s === 1))
          ? 1
          : p.id === state.current
            ? 3
            : statuses.includes(4)
              ? 4
              : 0;
      const userList = (own.length ? own.map((t) => t.userId) : p.userIds).map((id) => {
        const task = own.find((t) => t.userId === id);
        const entry = task ? actedAt(task) : undefined;
        return {
          ...personOf(names, id),
          examineStatus: task ? taskStatus(task) : 0,
          examineTime: entry ? (times.get(entry.seq) ?? null) : null,
        };
      });
      return {
        stepId: p.id,
        stepType: (p.kind === 'supervisor' ? 1 : p.kind === 'previousSupervisor' ? 4 : p.mode === 'and' ? 3 : 2) as
          | 1
          | 2
          | 3
          | 4,
        examineStatus: status,
        examinUser: userList[0] ?? null,
        userList,
      };
    });
  return {
    examineType,
    isCheck: (permitted.approve ? 1 : 0) as 0 | 1,
    isRecheck: (permitted.withdraw ? 1 : 0) as 0 | 1,
    steps,
  };
}

export async function originalLog(db: Db, recordId: number, viewer: SessionUser) {
  const record = await visibleRecord(db, recordId, viewer);
  const log = record.state.log.filter((e) => e.userId !== null || e.kind !== 'finish');
  const [names, times] = await Promise.all([
    people(
      db,
      log.flatMap((e) => (e.userId === null ? [] : [e.userId])),
    ),
    logTimes(db, recordId),
  ]);
  return log.map((e) => ({
    orderId: e.seq,
    examineStatus: logStatus[e.kind],
    examineTime: times.get(e.seq) ?? null,
    remarks: e.remarks ?? '',
    ...(e.userId === null ? { userId: null, realname: '系统', img: '' } : personOf(names, e.userId)),
  }));
}
