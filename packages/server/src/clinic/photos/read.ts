import {
  fileViewUrl,
  fillMsg,
  formatTime,
  groupByDay,
  mayDeletePhoto,
  type PhotoCompareData,
  type PhotoCompareInput,
  type PhotoData,
  type PhotoDayData,
  PhotoMsg,
  type PhotoQueueData,
  type PhotoTimelineInput,
  visitActionFrom,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf, timeText } from '../../core/times.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { subtreeIds } from '../catalogue/tree.ts';
import { readVisits } from '../visits/read.ts';
import { arrivedToday } from './today.ts';

/**
 * The photograph room's reads: a customer's photos (timeline, comparison) once the customer's
 * data scope admits the viewer (loadRecord), and the station's queue.
 */

export const DELETE_ANY = 'oa:photo:delete';

type Row = {
  photo_id: number;
  customer_id: number;
  visit_id: number | null;
  type: number;
  part_id: number;
  part_name: string;
  angle: number;
  taken_time: Date;
  note: string;
  storage_key: string;
  file_name: string;
  create_user_id: number;
  create_user_name: string | null;
  create_time: Date;
};

const companyDay = (at: Date) => formatTime(at).slice(0, 10);

function toPhoto(user: SessionUser, r: Row): PhotoData {
  const createTime = instantOf(r.create_time)!;
  return {
    photoId: Number(r.photo_id),
    customerId: Number(r.customer_id),
    visitId: r.visit_id === null ? null : Number(r.visit_id),
    type: Number(r.type),
    partId: Number(r.part_id),
    partName: r.part_name,
    angle: Number(r.angle),
    takenTime: instantOf(r.taken_time)!,
    note: r.note,
    url: fileViewUrl(r.storage_key),
    name: r.file_name,
    createUserId: Number(r.create_user_id),
    createUserName: r.create_user_name ?? '',
    createTime,
    canDelete: mayDeletePhoto({
      own: Number(r.create_user_id) === user.userId,
      uploadedToday: companyDay(createTime) === companyDay(new Date()),
      anyPhoto: hasPermission(user, DELETE_ANY),
    }),
  };
}

/** Photos matching `where` (on `p`), oldest first then by angle; the caller has checked the customer. */
export async function readPhotos(tx: Tx, user: SessionUser, where: SQL): Promise<PhotoData[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select p.photo_id, p.customer_id, p.visit_id, p.type, p.part_id, b.name as part_name, p.angle,
          p.taken_time, p.note, f.storage_key, f.name as file_name, p.create_user_id,
          u.realname as create_user_name, p.create_time
        from clinic_photo p
        join sys_file f on f.file_id = p.file_id
        join crm_body_part b on b.part_id = p.part_id
        left join sys_user u on u.user_id = p.create_user_id
        where ${where}
        order by p.taken_time, p.angle, p.photo_id`,
  );
  return rows.map((r) => toPhoto(user, r));
}

/** The customer, if the viewer may read it (无权访问 / 客户不存在 otherwise). */
export const requireCustomer = (tx: Tx, user: SessionUser, customerId: number) =>
  loadRecord(tx, customerServerKind, user, customerId, 'read');

/** Grouping needs the company-zone text of each time, as the answer will carry it. */
const asText = (p: PhotoData) => ({ ...p, takenTime: timeText(p.takenTime as Date)! });

/** A customer's photos by day, newest day first; a part filter takes its sub-parts too. */
export async function timeline(db: Db, user: SessionUser, input: PhotoTimelineInput): Promise<PhotoDayData[]> {
  await requireCustomer(db, user, input.customerId);
  const conditions: SQL[] = [sql`p.customer_id = ${input.customerId}`];
  if (input.partId !== undefined) {
    const parts = await subtreeIds(db, { table: 'crm_body_part', id: 'part_id' }, input.partId);
    if (parts.length === 0) throw badRequest(PhotoMsg.partMissing);
    conditions.push(sql`p.part_id = any(${`{${parts.join(',')}}`}::int[])`);
  }
  if (input.type !== undefined) conditions.push(sql`p.type = ${input.type}`);
  const photos = (await readPhotos(db, user, sql.join(conditions, sql` and `))).map(asText);
  return groupByDay(photos);
}

/**
 * One body part's photos on each asked day, in the asked order: the comparison. A day without a
 * photo of that part is refused by name, so the page never shows an empty side.
 */
export async function compare(db: Db, user: SessionUser, input: PhotoCompareInput): Promise<PhotoCompareData> {
  await requireCustomer(db, user, input.customerId);
  const [part] = await queryRows<{ name: string }>(
    db,
    sql`select name from crm_body_part where part_id = ${input.partId}`,
  );
  if (!part) throw badRequest(PhotoMsg.partMissing);
  const photos = (
    await readPhotos(db, user, sql`p.customer_id = ${input.customerId} and p.part_id = ${input.partId}`)
  ).map(asText);
  const byDay = new Map(groupByDay(photos).map((d) => [d.day, d.photos]));
  const columns = input.days.map((day) => {
    const list = byDay.get(day);
    if (!list) throw badRequest(fillMsg(PhotoMsg.compareEmpty, { day }));
    return { day, photos: [...list].sort((a, b) => a.angle - b.angle || a.photoId - b.photoId) };
  });
  return { partId: input.partId, partName: part.name, columns };
}

/**
 * The station's queue: today's visits of the store that may still be photographed (已到店,
 * 已拍照, 已分诊: visitMove's 'photograph' edge), by arrival, with their photo counts.
 */
export async function photoQueue(db: Db, user: SessionUser, storeId: number): Promise<PhotoQueueData[]> {
  const states = visitActionFrom('photograph');
  const list = await readVisits(
    db,
    user,
    sql`v.store_id = ${storeId} and v.status = any(${`{${states.join(',')}}`}::smallint[]) and ${arrivedToday('v')}`,
  );
  if (list.length === 0) return [];
  const counts = await queryRows<{ visit_id: number; n: number }>(
    db,
    sql`select visit_id, count(*)::int as n from clinic_photo
        where visit_id = any(${`{${list.map((v) => v.visitId).join(',')}}`}::int[]) group by visit_id`,
  );
  const byVisit = new Map(counts.map((c) => [Number(c.visit_id), Number(c.n)]));
  return list.map((v) => ({ ...v, photos: byVisit.get(v.visitId) ?? 0 }));
}
