import type { ExamineCounts, ExamineWireRow, examineListSchema, PageResult, RelationListInput } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, type ListDefinition, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { clinicCountSql, clinicUnreadSql } from './clinic-list.ts';
import { type FormFacts, originalFields } from './original-view.ts';

type ListInput = z.infer<typeof examineListSchema>;
export type ListKind = 'initiate' | 'waiting' | 'handled' | 'copied' | 'related';

/** Actions that count as "handled by me". */
const handledKinds = sql`('approve', 'reject', 'transfer', 'addBefore', 'addAfter', 'return')`;

/**
 * The viewer's own rows of a tab other than 我发起的, one per approval record, with when it
 * reached them (`at`): the task's arrival, the latest action or the copy. Each is read from its
 * own index (examine_task_pending_idx, examine_log_user_idx, examine_cc_user_idx) alone.
 */
function recordsOf(kind: Exclude<ListKind, 'initiate' | 'related'>, me: number): SQL {
  switch (kind) {
    case 'waiting':
      return sql`select t.record_id, max(t.create_time) as at from examine_task t
                 where t.user_id = ${me} and t.status = 'pending' and not t.superseded group by t.record_id`;
    case 'handled':
      return sql`select l.record_id, max(l.create_time) as at from examine_log l
                 where l.user_id = ${me} and l.kind in ${handledKinds} group by l.record_id`;
    case 'copied':
      return sql`select cc.record_id, cc.create_time as at from examine_cc cc where cc.user_id = ${me}`;
  }
}

/**
 * Records the OA tabs leave out: deleted forms and the processes of other subjects. Both sets
 * are small and have their own partial indexes, so a tab subtracts them (a hashed sub-plan)
 * instead of probing oa_examine once per row of the viewer's.
 */
const notListed = (
  recordId: SQL,
) => sql`${recordId} not in (select d.record_id from oa_examine d where d.is_deleted and d.record_id is not null)
  and ${recordId} not in (select o.record_id from examine_record o where o.subject_type <> 'oa')`;

/** Fields of the form a request may sort on; sorting or filtering on them probes each form. */
const formFields: ListDefinition['fields'] = {
  submitTime: { sql: sql`e.submit_time`, type: 'date' },
  createTime: { sql: sql`e.create_time`, type: 'date' },
  updateTime: { sql: sql`e.update_time`, type: 'date' },
  status: { sql: sql`e.status`, type: 'number' },
  categoryId: { sql: sql`e.category_id`, type: 'number' },
};

const UNSCOPED =
  "the approval center lists the viewer's own submissions, tasks, handled approvals and copies; roles' data scope does not widen or narrow them";

/** Does the request look at the form (filters, search, a form field's order)? */
const readsForm = (input: Partial<ListInput>) =>
  Boolean(
    input.categoryId ||
      input.status !== undefined ||
      input.startTime ||
      input.endTime ||
      input.search ||
      (input.sortField && input.sortField !== 'arrivedTime'),
  );

/**
 * One list definition per tab and request. 我发起的 reads oa_examine by applicant (newest
 * submission first). The other tabs page the viewer's own rows by when each reached them: with
 * no filter the page and total come from the index alone and only the page's 15 forms are read
 * (待我审批 of someone with thousands waiting reads no form it does not show); a filter, search
 * or form-field order probes each of the viewer's records' form by record id (a lateral lookup
 * that OFFSET 0 keeps a per-row index probe, never a scan of every form).
 */
function tabList(kind: ListKind, me: number, input: Partial<ListInput>): ListDefinition {
  const common = { search: [sql`e.content`], scope: { unscoped: UNSCOPED } };
  if (kind === 'initiate' || kind === 'related')
    return defineList({
      ...common,
      from: sql`oa_examine e`,
      id: sql`e.examine_id`,
      fields: formFields,
      defaultSort: [{ field: 'submitTime', order: 'desc' }],
    });
  const fields = { ...formFields, arrivedTime: { sql: sql`s.at`, type: 'date' as const } };
  const records = sql`(${recordsOf(kind, me)}) s`;
  // Without a search the probe reads only columns of oa_examine_record_idx (an index-only lookup).
  return defineList({
    ...common,
    from: readsForm(input)
      ? sql`${records} cross join lateral (
          select x.examine_id, x.category_id, ${input.search ? sql`x.content,` : sql``} x.status, x.create_time,
                 x.update_time, x.submit_time
          from oa_examine x where x.record_id = s.record_id and not x.is_deleted offset 0
        ) e`
      : records,
    id: sql`s.record_id`,
    fields,
    defaultSort: [{ field: 'arrivedTime', order: 'desc' }],
  });
}

/** Conditions of a tab and its request's filters (the date range is of the latest submission). */
function conditionsOf(kind: ListKind, me: number, input: Partial<ListInput>): SQL[] {
  const f: SQL[] = [];
  if (kind === 'initiate') f.push(sql`e.create_user_id = ${me}`, sql`not e.is_deleted`);
  else if (kind === 'related') f.push(sql`not e.is_deleted`);
  else if (!readsForm(input)) f.push(notListed(sql`s.record_id`));
  if (input.categoryId) f.push(sql`e.category_id = ${input.categoryId}`);
  if (input.status !== undefined) f.push(sql`e.status = ${input.status}`);
  if (input.startTime) f.push(sql`e.submit_time >= ${input.startTime}::date`);
  if (input.endTime) f.push(sql`e.submit_time < ${input.endTime}::date + 1`);
  return f;
}

type Row = Record<string, unknown>;
type OwnRow = Omit<ExamineWireRow, keyof ReturnType<typeof originalOf> | 'createUser' | 'createtime' | 'causeTitle'>;
const toRow = (r: Row): OwnRow & { facts: FormFacts } => ({
  examineId: Number(r.examine_id),
  recordId: Number(r.record_id),
  categoryId: Number(r.category_id),
  categoryTitle: String(r.category_title),
  icon: Number(r.icon),
  content: String(r.content),
  status: Number(r.status),
  createTime: timeText(r.create_time)!,
  updateTime: timeText(r.update_time)!,
  submitTime: timeText(r.submit_time)!,
  createUserId: Number(r.create_user_id),
  createUserName: String(r.create_user_name),
  createUserImg: String(r.create_user_img ?? ''),
  currentApprovers: String(r.current_approvers ?? ''),
  urgedTime: timeText(r.urged_time),
  read: r.read === null || r.read === undefined ? null : Boolean(r.read),
  facts: {
    examineId: Number(r.examine_id),
    recordId: Number(r.record_id),
    batchId: String(r.batch_id ?? ''),
    relation: (r.relation ?? {}) as Record<string, number[]>,
    createUserId: Number(r.create_user_id),
    status: Number(r.status),
  },
});
const originalOf = (m: Awaited<ReturnType<typeof originalFields>>, id: number) => m.get(id)!;

/** Our row with the original client's names beside it (original-view.ts). */
async function withOriginal(db: Db, rows: ReturnType<typeof toRow>[], me: SessionUser): Promise<ExamineWireRow[]> {
  const extra = await originalFields(
    db,
    rows.map((r) => r.facts),
    me,
  );
  return rows.map(({ facts, ...row }) => ({
    ...row,
    ...originalOf(extra, facts.examineId),
    createUser: { userId: row.createUserId, realname: row.createUserName, img: row.createUserImg },
    createtime: row.createTime,
    causeTitle: row.content,
  }));
}

export async function listExamines(
  db: Db,
  kind: ListKind,
  me: SessionUser,
  input: ListInput,
  /** Further conditions over `e` (the related list's record and visibility). */
  extra: SQL[] = [],
): Promise<PageResult<ExamineWireRow>> {
  const uid = me.userId;
  // The page is chosen first; names, current approvers and flags are looked up for its rows only.
  const page = await listPage(
    db,
    tabList(kind, uid, input),
    { ...input, user: me, where: [...conditionsOf(kind, uid, input), ...extra] },
    {
      columns: sql`e.examine_id, e.record_id, e.category_id, c.title as category_title, c.icon, e.content, e.status,
        e.create_time, e.update_time, e.submit_time, e.create_user_id, u.realname as create_user_name,
        u.img as create_user_img, e.batch_id, e.relation,
        (select string_agg(pu.realname, '、' order by t.seq) from examine_task t join sys_user pu on pu.user_id = t.user_id
          where t.record_id = e.record_id and t.status = 'pending' and not t.superseded) as current_approvers,
        (select max(g.create_time) from examine_urge g where g.record_id = e.record_id) as urged_time,
        ${kind === 'copied' ? sql`(select cc.read_time is not null from examine_cc cc where cc.record_id = e.record_id and cc.user_id = ${uid})` : sql`null`} as read`,
      joins: sql`join oa_examine e on ${kind === 'initiate' || kind === 'related' ? sql`e.examine_id = page.id` : sql`e.record_id = page.id and not e.is_deleted`}
        join oa_examine_category c on c.category_id = e.category_id
        join sys_user u on u.user_id = e.create_user_id`,
      map: toRow,
    },
  );
  // A plain array when the caller asked for no paging (pageType 0), else the page.
  const raw = page as unknown;
  if (Array.isArray(raw)) return (await withOriginal(db, raw, me)) as unknown as PageResult<ExamineWireRow>;
  return { ...page, list: await withOriginal(db, page.list, me) };
}

/**
 * `OaExamine/queryExamineRelation`: the approvals linked to a CRM record (the original's 审批 tab
 * of its detail page) that the viewer sees: their own, one they act in or are copied on (as
 * `isVisible`), every one for a super admin.
 */
export function relatedExamines(db: Db, me: SessionUser, input: RelationListInput) {
  const seen = me.isSuper
    ? sql`true`
    : sql`(e.create_user_id = ${me.userId}
        or exists (select 1 from examine_task t where t.record_id = e.record_id and t.user_id = ${me.userId})
        or exists (select 1 from examine_cc cc where cc.record_id = e.record_id and cc.user_id = ${me.userId}))`;
  const linked = sql`coalesce(e.relation -> ${input.key}, '[]'::jsonb) @> ${JSON.stringify([input.id])}::jsonb`;
  return listExamines(db, 'related', me, { page: input.page, limit: input.limit } as ListInput, [linked, seen]);
}

const waitingSql = (me: number) =>
  sql`select count(distinct t.record_id)::int from examine_task t
      where t.user_id = ${me} and t.status = 'pending' and not t.superseded and ${notListed(sql`t.record_id`)}`;

/** Tab counts, each read from an index of the viewer's own rows: what waits for me and unread copies drive the badges. */
export async function examineCounts(db: Db, me: number): Promise<ExamineCounts> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    // Each tab's count includes the clinic approvals listed beside it (clinic-list.ts, h-capprove).
    sql`select
      (select count(*)::int from oa_examine e where e.create_user_id = ${me} and not e.is_deleted)
        + ${clinicCountSql('initiate', me)} as initiate,
      (${waitingSql(me)}) + ${clinicCountSql('waiting', me)} as waiting,
      (select count(distinct l.record_id)::int from examine_log l
        where l.user_id = ${me} and l.kind in ${handledKinds} and ${notListed(sql`l.record_id`)})
        + ${clinicCountSql('handled', me)} as handled,
      (select count(*)::int from examine_cc cc where cc.user_id = ${me} and ${notListed(sql`cc.record_id`)})
        + ${clinicCountSql('copied', me)} as copied,
      (select count(*)::int from examine_cc cc
        where cc.user_id = ${me} and cc.read_time is null and ${notListed(sql`cc.record_id`)})
        + ${clinicUnreadSql(me)} as "copiedUnread"`,
  );
  return {
    initiate: Number(row?.initiate ?? 0),
    waiting: Number(row?.waiting ?? 0),
    handled: Number(row?.handled ?? 0),
    copied: Number(row?.copied ?? 0),
    copiedUnread: Number(row?.copiedUnread ?? 0),
  };
}

/** The workbench's examineNum: approvals waiting for me, the clinic's included. */
export async function waitingCount(db: Db, me: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (${waitingSql(me)}) + ${clinicCountSql('waiting', me)} as n`,
  );
  return Number(row?.n ?? 0);
}
