import {
  type CallField,
  type CallKind,
  type CallLogRow,
  CallMsg,
  type callLogQuerySchema,
  type callLogResponse,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { zoneSql } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { type FileRow, findRowById } from '../../files/repository.ts';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';
import { loadRecord, memberOf, ownerScope } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { readableTable } from '../records/readable.ts';
import { CALL_RECORDING_FILES } from './calls.ts';
import { callKindOfLabel, callServerKinds } from './kinds.ts';

const LOG_PERMISSION = 'crm:call:index';

/** Whether `userId`'s calls are within the viewer's data scope for the call log. */
async function inScope(db: Tx, viewer: SessionUser, userId: number): Promise<boolean> {
  if (userId === viewer.userId) return true;
  const cond = scopeCondition(viewer, LOG_PERMISSION, sql`u.user_id`);
  if (!cond) return true;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from sys_user u where u.user_id = ${userId} and ${cond}`,
  );
  return rows.length > 0;
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerCallFileOwners(registry: AppRegistry): void {
  // A recording whose record was gone when the call ended: its caller and the log's viewers above them.
  registry.fileOwners.register(CALL_RECORDING_FILES, {
    async canSee(db, user, logId) {
      const [c] = await queryRows<{ userId: number }>(
        db,
        sql`select user_id as "userId" from crm_call_log where call_log_id = ${logId}`,
      );
      return Boolean(c) && hasPermission(user, LOG_PERMISSION) && (await inScope(db, user, c!.userId));
    },
  });
}

type Raw = {
  callId: string;
  userId: number;
  realname: string | null;
  exten: string;
  label: number | null;
  recordId: number | null;
  field: string | null;
  direction: string;
  status: string;
  answered: boolean;
  duration: number;
  recordingFileId: number | null;
  startTime: Date | string;
  endTime: Date | string | null;
  total: number;
};

/** Record names the viewer may read (through readableTable: a hidden name stays hidden), by kind and id. */
async function readableNames(db: Tx, user: SessionUser, rows: Raw[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, { sk, nameColumn }] of Object.entries(callServerKinds)) {
    const ids = [
      ...new Set(rows.filter((r) => r.label === sk.kind.label && r.recordId !== null).map((r) => r.recordId!)),
    ];
    if (ids.length === 0 || !hasPermission(user, `${sk.kind.permission}:read`)) continue;
    const hidden = (await fieldAccessFor(db, user, sk.kind)).hidden;
    const id = sql.identifier(sk.idColumn);
    const found = await queryRows<{ id: number; name: string | null }>(
      db,
      sql`select r.${id} as id, r.${sql.identifier(nameColumn)} as name from ${readableTable(sk, hidden)} r
          where r.${id} in ${inList(ids)} and (${ownerScope(sk, user)} or ${memberOf(sk, user)})`,
    );
    for (const f of found) names.set(`${kind}:${f.id}`, f.name ?? '');
  }
  return names;
}

/**
 * `queryCallLog`: my calls, or (`userId`) someone's within my data scope for the call log; newest
 * first, paged in SQL; filters: days (the company's), direction, answered. The number dialled is
 * never answered; the record's name only to those who may read the record.
 */
export async function queryCallLog(
  db: Tx,
  user: SessionUser,
  input: z.infer<typeof callLogQuerySchema>,
): Promise<z.input<typeof callLogResponse>> {
  const who = input.userId ?? user.userId;
  if (!(await inScope(db, user, who))) throw forbidden();
  const where: SQL[] = [sql`l.user_id = ${who}`];
  const day = (d: string) => sql`(${d}::date::timestamp at time zone ${zoneSql()})`;
  if (input.startDay) where.push(sql`l.start_time >= ${day(input.startDay)}`);
  if (input.endDay) where.push(sql`l.start_time < ${day(input.endDay)} + interval '1 day'`);
  if (input.direction) where.push(sql`l.direction = ${input.direction}`);
  if (input.answered !== undefined) where.push(sql`l.answered = ${input.answered}`);
  const rows = await queryRows<Raw>(
    db,
    sql`select l.call_id as "callId", l.user_id as "userId", u.realname, l.exten, l.label, l.record_id as "recordId",
          l.field, l.direction, l.status, l.answered, l.duration, l.recording_file_id as "recordingFileId",
          l.start_time as "startTime", l.end_time as "endTime", count(*) over () as total
        from crm_call_log l left join sys_user u on u.user_id = l.user_id
        where ${sql.join(where, sql` and `)}
        order by l.start_time desc, l.call_log_id desc
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
  );
  let totalRow = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && input.page > 1) {
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*) as n from crm_call_log l where ${sql.join(where, sql` and `)}`,
    );
    totalRow = Number(n?.n ?? 0);
  }
  const names = await readableNames(db, user, rows);
  const list: CallLogRow[] = rows.map((r) => {
    const kind = callKindOfLabel(r.label);
    return {
      callId: r.callId,
      userId: Number(r.userId),
      realname: r.realname ?? '',
      exten: r.exten,
      kind,
      recordId: r.recordId === null ? null : Number(r.recordId),
      recordName: kind && r.recordId !== null ? (names.get(`${kind}:${r.recordId}`) ?? '') : '',
      field: (r.field as CallField | null) ?? null,
      direction: r.direction as CallLogRow['direction'],
      status: r.status as CallLogRow['status'],
      answered: Boolean(r.answered),
      duration: Number(r.duration),
      hasRecording: r.recordingFileId !== null,
      startTime: r.startTime as unknown as string,
      endTime: r.endTime as unknown as string | null,
    };
  });
  return { list, totalRow, page: input.page, limit: input.limit };
}

/**
 * `queryAudio?callId=`: the recording, for whoever may read the record the call was made to (the
 * same rule as the follow-up it is attached to); for a call whose record is gone, its caller and
 * the log's viewers above them.
 */
export async function audioOfCall(db: Tx, user: SessionUser, callId: string): Promise<FileRow> {
  const [c] = await queryRows<{
    id: number;
    userId: number;
    label: number | null;
    recordId: number | null;
    fileId: number | null;
  }>(
    db,
    sql`select call_log_id as id, user_id as "userId", label, record_id as "recordId", recording_file_id as "fileId"
        from crm_call_log where call_id = ${callId}`,
  );
  if (!c) throw notFound(CallMsg.callNotFound);
  const kind = callKindOfLabel(c.label);
  const file = c.fileId === null ? null : await findRowById(db, c.fileId);
  if (file?.ownerKind === CALL_RECORDING_FILES || !kind) {
    if (!(hasPermission(user, LOG_PERMISSION) && (await inScope(db, user, c.userId)))) throw forbidden();
  } else {
    const { sk } = callServerKinds[kind as CallKind];
    if (!hasPermission(user, `${sk.kind.permission}:read`)) throw forbidden();
    await loadRecord(db, sk, user, Number(c.recordId), 'read');
  }
  if (!file) throw notFound(CallMsg.noRecording);
  return file;
}
