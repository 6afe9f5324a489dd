import {
  formatTime,
  isWorkday,
  judgeSign,
  PositionType,
  type SignH5Input,
  SignInMsg,
  type SignRecordRow,
  type SignToday,
} from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { badRequest, forbidden } from '../../core/errors.ts';
import type { OpenLink } from '../../core/open-links/service.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { loadRuleBook } from './rules.ts';
import { signRecords } from './tables.ts';

/** The phone page (/signH5): the link's person, today's rule and signs, and a new sign judged here. */

type Person = { user_id: number; realname: string; dept_id: number | null; dept_name: string | null; status: number };

async function personOf(db: Tx, link: OpenLink): Promise<Person> {
  const userId = Number((link.subject as { userId?: unknown }).userId);
  const [p] = await queryRows<Person>(
    db,
    sql`select u.user_id, u.realname, u.dept_id, d.name as dept_name, u.status
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id where u.user_id = ${userId}`,
  );
  // A person who has left: the link opens nothing.
  if (!p || Number(p.status) !== 1) throw forbidden(SignInMsg.userGone);
  return p;
}

const recordAnswer = (r: typeof signRecords.$inferSelect): SignRecordRow => ({
  recordId: r.id,
  kind: r.kind,
  signTime: r.signTime as unknown as string,
  status: r.status,
  field: r.field,
  placeName: r.placeName,
  note: r.note,
});

export async function signToday(db: Tx, link: OpenLink, now = new Date()): Promise<SignToday> {
  const p = await personOf(db, link);
  const day = formatTime(now).slice(0, 10);
  const rule = (await loadRuleBook(db)).ruleOfDept(p.dept_id === null ? null : Number(p.dept_id));
  const records = await db
    .select()
    .from(signRecords)
    .where(and(eq(signRecords.userId, Number(p.user_id)), eq(signRecords.day, day)))
    .orderBy(asc(signRecords.signTime), asc(signRecords.id));
  return {
    realname: p.realname,
    deptName: p.dept_name ?? '',
    day,
    workday: rule ? isWorkday(rule, day) : false,
    rule,
    records: records.map(recordAnswer),
  };
}

/**
 * Sign in or out now at the phone's position: judged by the person's rule (range, 外勤, late,
 * early, workday) in the company time zone; the sign and the position (for the staff map) are
 * written together.
 */
export async function signNow(
  db: Tx,
  link: OpenLink,
  input: SignH5Input,
  consume: (tx: Tx) => Promise<OpenLink>,
  now = new Date(),
): Promise<SignRecordRow> {
  const p = await personOf(db, link);
  const rule = (await loadRuleBook(db)).ruleOfDept(p.dept_id === null ? null : Number(p.dept_id));
  if (!rule) throw badRequest(SignInMsg.noRule);
  const wall = formatTime(now);
  const day = wall.slice(0, 10);
  const judged = judgeSign(rule, {
    kind: input.kind,
    day,
    clock: wall.slice(11),
    at: { lat: input.lat, lng: input.lng },
    note: input.note,
  });
  if (!judged.ok) throw badRequest(judged.msg);
  const userId = Number(p.user_id);
  return db.transaction(async (tx) => {
    // Counts the use (and re-checks the link is live) inside the write.
    await consume(tx);
    const [row] = await tx
      .insert(signRecords)
      .values({
        userId,
        day,
        kind: input.kind,
        signTime: now,
        status: judged.status,
        field: judged.field,
        placeName: judged.placeName,
        note: judged.field ? input.note : '',
        latitude: input.lat,
        longitude: input.lng,
      })
      .returning();
    await tx.execute(sql`insert into oa_position (user_id, type, longitude, latitude, synchronization_time)
        values (${userId}, ${PositionType.staff}, ${input.lng}, ${input.lat}, ${now.toISOString()})
        on conflict (user_id, synchronization_time) do nothing`);
    return recordAnswer(row!);
  });
}
