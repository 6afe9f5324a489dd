import { type BedLogData, type BedLogKindCode, WardMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customersAs } from '../visits/read.ts';

/**
 * The bed log (issue 23, h-visit23): each change of a bed calls `logBed` in its own transaction,
 * after the bed's row lock, so the log and the bed never disagree; the inpatient page reads a
 * bed's and an admission's history.
 */
export async function logBed(
  tx: Tx,
  row: {
    kind: BedLogKindCode;
    bedId: number;
    fromBedId?: number;
    admissionId?: number;
    userId: number;
    remark?: string;
  },
): Promise<void> {
  await tx.execute(sql`insert into clinic_bed_log (kind, bed_id, from_bed_id, admission_id, user_id, remark)
    values (${row.kind}, ${row.bedId}, ${row.fromBedId ?? null}, ${row.admissionId ?? null}, ${row.userId},
      ${row.remark ?? ''})`);
}

const HISTORY_LIMIT = 200;

/** Log rows matching `where` (on `l`), with the customer as the viewer may read them (blank outside the scope). */
async function readLog(db: Db, user: SessionUser, where: SQL, order: SQL): Promise<BedLogData[]> {
  const c = await customersAs(db, user);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.log_id, l.kind, l.admission_id, l.remark, l.create_time,
          case when ${c.scope} then c.customer_name end as customer_name,
          f.room || ' ' || f.number as from_bed, b.room || ' ' || b.number as to_bed,
          (select u.realname from sys_user u where u.user_id = l.user_id) as user_name
        from clinic_bed_log l
        join clinic_bed b on b.bed_id = l.bed_id
        left join clinic_bed f on f.bed_id = l.from_bed_id
        left join clinic_admission a on a.admission_id = l.admission_id
        left join ${c.from} on c.customer_id = a.customer_id
        where ${where}
        order by ${order}
        limit ${HISTORY_LIMIT}`,
  );
  return rows.map((r) => ({
    logId: Number(r.log_id),
    kind: Number(r.kind),
    admissionId: r.admission_id == null ? null : Number(r.admission_id),
    customerName: String(r.customer_name ?? ''),
    fromBed: (r.from_bed as string | null) ?? null,
    toBed: String(r.to_bed),
    userName: (r.user_name as string | null) ?? null,
    remark: String(r.remark ?? ''),
    time: r.create_time as Date,
  }));
}

/** A bed's history, newest first: the rows about it and the moves that left it. */
export async function bedHistory(db: Db, user: SessionUser, bedId: number): Promise<BedLogData[]> {
  const [bed] = await queryRows<{ id: number }>(db, sql`select bed_id as id from clinic_bed where bed_id = ${bedId}`);
  if (!bed) throw notFound(WardMsg.bedMissing);
  return readLog(
    db,
    user,
    sql`(l.bed_id = ${bedId} or l.from_bed_id = ${bedId})`,
    sql`l.create_time desc, l.log_id desc`,
  );
}

/** One stay's beds in order (入住, 换床 …, 出院), for who may read its customer. */
export async function admissionHistory(db: Db, user: SessionUser, admissionId: number): Promise<BedLogData[]> {
  const [a] = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from clinic_admission where admission_id = ${admissionId}`,
  );
  if (!a) throw notFound(WardMsg.admissionMissing);
  await loadRecord(db, customerServerKind, user, Number(a.customer_id), 'read');
  return readLog(db, user, sql`l.admission_id = ${admissionId}`, sql`l.create_time, l.log_id`);
}
