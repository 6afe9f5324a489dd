import {
  CheckStatus,
  ContractMsg,
  type ExamineState,
  ExamineStatus,
  editableCheckStatus,
  type Flow,
  type RecordKind,
} from '@crm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireActiveUsers } from '../../oa/examine/people-check.ts';
import { type SubjectType, startProcess } from '../../oa/examine/process.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { examineCategories, examineRecords } from '../../oa/examine/tables.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecord } from './access.ts';
import type { ComputedColumn } from './computed-column.ts';
import type { ServerKind } from './kind.ts';
import type { KindRegistry } from './registry.ts';

/**
 * Review on the approval engine (DECISIONS "Contracts and receivables review"), for any kind whose
 * declaration has `review: {categoryType, subject, category}`: its flow is the system approval
 * category of type `category`, its process the engine's subject `subject`, and the record's
 * `check_status` / `examine_record_id` mirror the process. A kind writes none of this: the
 * machinery (routes.ts) registers it as one of the app's approval subjects, and the kind's save
 * calls `reviewAfterSave` with them.
 */
export type Review = NonNullable<RecordKind['review']>;

/** The kind's review declaration; only reviewed kinds reach these functions. */
const reviewOf = (sk: ServerKind): Review => {
  if (!sk.kind.review) throw new Error(`${sk.kind.key} is not reviewed on the approval engine`);
  return sk.kind.review;
};
// A CRM subject is named by its kind's declaration, not by the engine's list of subjects.
const subjectOf = (sk: ServerKind) => reviewOf(sk).subject as SubjectType;

/** The registered kind reviewed under `categoryType` (the review calls name the kind by it). */
export const reviewedServerKind = (kinds: KindRegistry, categoryType: number): ServerKind | undefined =>
  kinds.all().find((sk) => sk.kind.review?.categoryType === categoryType);

/** The registered kind whose reviews are the engine's subject `subject`. */
const kindOfSubject = (kinds: KindRegistry, subject: string): ServerKind | undefined =>
  kinds.all().find((sk) => sk.kind.review?.subject === subject);

/** The engine's status as the record's checkStatus: a return to the applicant counts as rejected (editable). */
export const checkStatusOf = (s: number): number => (s === ExamineStatus.returned ? CheckStatus.rejected : s);

/** The configured flow: `没有启动的审核步骤，不能添加！` when disabled or missing. */
export async function activeFlow(tx: Tx, sk: ServerKind) {
  const [category] = await tx
    .select()
    .from(examineCategories)
    .where(and(eq(examineCategories.type, reviewOf(sk).category), eq(examineCategories.isDeleted, false)))
    .limit(1);
  if (category?.status !== 1) throw badRequest(ContractMsg.noFlow);
  return category;
}

/**
 * Submit (or resubmit) a record for review inside the save's transaction: a fixed flow runs its
 * steps, a chosen flow goes to `checkUserId`. Answers the record's new checkStatus (a flow with no
 * approver at all is approved at once, and then the kind's `onApproved` has run: the state is
 * mirrored by the kind's subject as registered in `subjects`).
 */
export async function submitReview(
  tx: Tx,
  subjects: SubjectRegistry,
  sk: ServerKind,
  subjectId: number,
  user: SessionUser,
  checkUserId: number | undefined,
): Promise<{ recordId: number; checkStatus: number }> {
  const category = await activeFlow(tx, sk);
  let flow: Flow;
  if (category.examineType === 1) flow = { examineType: 1, steps: category.steps };
  else {
    if (!checkUserId) throw badRequest(ContractMsg.approverRequired);
    await requireActiveUsers(tx, [checkUserId]);
    flow = { examineType: 2, approverIds: [checkUserId] };
  }
  const subjectType = subjectOf(sk);
  const subject = subjects.of(subjectType);
  if (!subject) throw new Error(`the review of ${sk.kind.key} is not registered (registerReview)`);
  const { recordId, state } = await startProcess(tx, {
    subjectType,
    subjectId,
    categoryId: category.id,
    applicantId: user.userId,
    flow,
  });
  await subject.onChange(tx, { id: recordId, subjectType, subjectId }, state);
  return { recordId, checkStatus: checkStatusOf(state.status) };
}

/** What a kind does when one of its records is approved at last (a contract closes its customer's deal). */
export type OnApproved = (tx: Tx, subjectId: number, state: ExamineState) => Promise<void>;

/** Write the process's status onto the record, and run the kind's hook on a final approval. */
async function mirror(
  tx: Tx,
  sk: ServerKind,
  subjectId: number,
  recordId: number,
  state: ExamineState,
  onApproved: OnApproved | undefined,
) {
  const status = checkStatusOf(state.status);
  await tx.execute(
    sql`update ${sql.identifier(sk.table)} set check_status = ${status}, examine_record_id = ${recordId},
          update_time = now() where ${sql.identifier(sk.idColumn)} = ${subjectId}`,
  );
  if (status === CheckStatus.approved) await onApproved?.(tx, subjectId, state);
}

/** Edit only at 2, 4, 5 (`不能编辑，请先撤回再编辑！`), checked on the locked row (saveRecord's `restrict`). */
export const onlyEditable = (row: Record<string, unknown> | null, fixed: Record<string, unknown>) => {
  if (row && !editableCheckStatus.includes(Number(row.check_status))) throw badRequest(ContractMsg.notEditable);
  return fixed;
};

/**
 * After the record's own save, in its transaction: a draft (checkStatus 5) stays a draft, anything
 * else goes to review. A double click that found the first save does nothing more.
 */
export async function reviewAfterSave(
  tx: Tx,
  subjects: SubjectRegistry,
  sk: ServerKind,
  saved: { id: number; created: boolean },
  input: { creating: boolean; checkStatus?: number; checkUserId?: number },
  user: SessionUser,
) {
  if (input.creating && !saved.created) return;
  if (input.checkStatus === CheckStatus.draft) {
    await tx.execute(
      sql`update ${sql.identifier(sk.table)} set check_status = ${CheckStatus.draft}
          where ${sql.identifier(sk.idColumn)} = ${saved.id}`,
    );
    return;
  }
  await submitReview(tx, subjects, sk, saved.id, user, input.checkUserId);
}

/** The viewer's part in a record's review: which actions the detail offers. */
export async function reviewInfo(db: Db, sk: ServerKind, subjectId: number, viewer: SessionUser) {
  const [record] = await db
    .select()
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subjectOf(sk)), eq(examineRecords.subjectId, subjectId)));
  if (!record) return { recordId: null, status: null, canAudit: false, canWithdraw: false, chosen: false };
  const { state } = record;
  const canAudit = state.tasks.some(
    (t) => t.userId === viewer.userId && t.status === 'pending' && !t.superseded && t.round === state.round,
  );
  const open = state.status === ExamineStatus.pending || state.status === ExamineStatus.inProgress;
  const chosen = state.plan.length > 0 && state.plan.every((p) => p.origin === 'chosen' || p.origin === 'next');
  return {
    recordId: record.id,
    status: checkStatusOf(state.status),
    canAudit,
    canWithdraw: open && (state.applicantId === viewer.userId || viewer.isSuper),
    chosen,
  };
}

/** The engine record of a subject, for an action on it. */
export async function recordOf(db: Db, sk: ServerKind, subjectId: number): Promise<number> {
  const [record] = await db
    .select({ id: examineRecords.id })
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subjectOf(sk)), eq(examineRecords.subjectId, subjectId)));
  if (!record) throw notFound('该记录没有审核流程');
  return record.id;
}

/**
 * The engine record the original client names by `recordId` beside the subject's id: only a
 * reviewed kind's review of that very subject (an approval of another kind is refused).
 */
export async function reviewRecordOf(
  db: Db,
  kinds: KindRegistry,
  recordId: number | undefined,
  subjectId: number,
): Promise<{ id: number; sk: ServerKind }> {
  if (recordId === undefined) throw badRequest('审批对象类型有误');
  const subjects = kinds.all().flatMap((sk) => (sk.kind.review ? [sk.kind.review.subject] : []));
  const [record] = await db
    .select({ id: examineRecords.id, subjectType: examineRecords.subjectType })
    .from(examineRecords)
    .where(
      and(
        eq(examineRecords.id, recordId),
        eq(examineRecords.subjectId, subjectId),
        inArray(examineRecords.subjectType, subjects),
      ),
    );
  const sk = record && kindOfSubject(kinds, record.subjectType);
  if (!record || !sk) throw notFound('该记录没有审核流程');
  return { id: record.id, sk };
}

/**
 * A review's state is part of its record: only the record's readers (scope, team, its reviewers)
 * learn or act on it; an id out of reach answers as the detail call does.
 */
export async function requireReviewReader(db: Db, sk: ServerKind, id: number, user: SessionUser) {
  requirePermission(user, `${sk.kind.permission}:read`);
  await loadRecord(db, sk, user, id, 'read');
}

/** The engine records of deleted records go with them (in the deletion's transaction). */
export async function dropReviews(tx: Tx, sk: ServerKind, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => Number(r[sk.idColumn]));
  if (ids.length)
    await tx.execute(
      sql`delete from examine_record where subject_type = ${subjectOf(sk)} and subject_id in ${inList(ids)}`,
    );
}

/**
 * The review's columns of a reviewed kind's list and detail: its state (filter 待审核 / 通过 … by
 * its code) and its engine record, where the original client's detail finds it (`examineRecordId`).
 */
export function reviewComputed(sk: ServerKind): Record<string, ComputedColumn> {
  return {
    checkStatus: { name: '审核状态', type: 'number', sql: sql`r.check_status` },
    examineRecordId: {
      name: '审批记录',
      type: 'number',
      carried: true,
      sql: sql`(select e.record_id from examine_record e
                where e.subject_type = ${reviewOf(sk).subject} and e.subject_id = r.${sql.identifier(sk.idColumn)})`,
    },
  };
}

/** A review of the kind (a row `r`) waiting for the viewer: a pending, current task of theirs (待我审批的). */
export const waitingForMe = (sk: ServerKind) => (user: SessionUser) =>
  sql`exists (select 1 from examine_record e join examine_task t on t.record_id = e.record_id
      where e.subject_type = ${reviewOf(sk).subject} and e.subject_id = r.${sql.identifier(sk.idColumn)}
        and t.user_id = ${user.userId} and t.status = 'pending' and not t.superseded)`;

/**
 * A reviewed kind as one of the app's approval subjects, registered with the kind: a process
 * change is mirrored onto the record (and `onApproved` runs on a final approval), and only the
 * record's readers learn of its review (the flow preview asks them too, OaExamine/queryExamineFlowInfo).
 */
export function registerReview(subjects: SubjectRegistry, sk: ServerKind, onApproved?: OnApproved) {
  subjects.register(subjectOf(sk), {
    onChange: (tx, record, state) => mirror(tx, sk, record.subjectId, record.id, state, onApproved),
    requireReader: (db, id, user) => requireReviewReader(db, sk, id, user),
  });
}

type ReviewedOptions = {
  beforeDelete?: (tx: Tx, rows: Record<string, unknown>[]) => Promise<void>;
  computedColumns?: (db: Tx) => Promise<Record<string, ComputedColumn>>;
  onApproved?: OnApproved;
};

/**
 * A kind's registration options with its review, when its declaration has one: its approval
 * subject registered in the app's `subjects`, the review's columns beside the kind's own, its
 * engine records deleted with it.
 */
export function withReview<O extends ReviewedOptions>(subjects: SubjectRegistry, sk: ServerKind, options: O): O {
  if (!sk.kind.review) return options;
  registerReview(subjects, sk, options.onApproved);
  const { beforeDelete, computedColumns } = options;
  const columns = reviewComputed(sk);
  return {
    ...options,
    computedColumns: async (db: Tx) => ({ ...columns, ...(await computedColumns?.(db)) }),
    async beforeDelete(tx: Tx, rows: Record<string, unknown>[]) {
      await beforeDelete?.(tx, rows);
      await dropReviews(tx, sk, rows);
    },
  };
}
