import { OrderKind, PhotoType } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import type { FileStorage } from '../../files/storage.ts';
import { drawDemoPhoto } from './demo-image.ts';
import { PHOTO_FILES } from './file-owner.ts';

/**
 * Photos of the living demo (issue 23, h-visit23): three customers who bought something have
 * 术前 / 术后 (and one 恢复) photos of one body part on two or three days, so the photograph room's
 * timeline and comparison show something. The rows are written here in three statements (no
 * drawing: the seed stays fast); the bytes are drawn in code (demo-image.ts) and stored at start,
 * with their size (`writeDemoPhotoBytes`), because the seed runs before the server has its file
 * storage. Nothing binary is committed.
 */

/** Photo batches of the demo start with this, so the start finds their files. */
const BATCH = 'demo-photo-';

/** Per customer: the body part and the days (offset from today) with the photo type of each. */
const plans: { part: string; days: [number, number][]; angles: number[] }[] = [
  // 面颊: before, after two weeks, and recovered a month later (正面 and 左斜45°).
  {
    part: '面颊',
    days: [
      [-62, PhotoType.before],
      [-48, PhotoType.after],
      [-20, PhotoType.recovery],
    ],
    angles: [1, 4],
  },
  {
    part: '眼周',
    days: [
      [-30, PhotoType.before],
      [-16, PhotoType.after],
    ],
    angles: [1, 2],
  },
  {
    part: '面部',
    days: [
      [-9, PhotoType.before],
      [-2, PhotoType.after],
    ],
    angles: [1],
  },
];

export async function seedPhotosLivingDemo(kit: DemoKit): Promise<void> {
  const buyers = await queryRows<{ id: number }>(
    kit.db,
    sql`select customer_id as id from clinic_order where kind = ${OrderKind.sale}
        group by customer_id order by min(order_id) limit ${plans.length}`,
  );
  const parts = new Map(
    (await queryRows<{ name: string; id: number }>(kit.db, sql`select name, part_id as id from crm_body_part`)).map(
      (r) => [r.name, Number(r.id)],
    ),
  );
  const uploader = kit.user('zhoumin');
  type Row = { key: string; customer: number; part: number; type: number; angle: number; at: Date; batch: string };
  const rows: Row[] = [];
  for (const [i, buyer] of buyers.entries()) {
    const plan = plans[i]!;
    const part = parts.get(plan.part);
    if (part === undefined) continue;
    for (const [offset, type] of plan.days)
      for (const [j, angle] of plan.angles.entries()) {
        const batch = `${BATCH}${buyer.id}-${-offset}`;
        rows.push({
          key: `${batch}-${angle}`,
          customer: Number(buyer.id),
          part,
          type,
          angle,
          at: kit.at(offset, `10:${10 + j}`),
          batch,
        });
      }
  }
  if (!rows.length) return;
  // The files, then the photos that own them (visit: the customer's visit of that day, if any), then the owner ids.
  await kit.db.execute(sql`insert into sys_file (batch_id, name, size, mime, type, storage_key, create_user_id, owner_kind, create_time)
    values ${sql.join(
      rows.map(
        (r) =>
          sql`(${r.batch}, ${`${r.key}.png`}, 0, 'image/png', 'img', ${r.key}, ${uploader}, ${PHOTO_FILES},
            ${r.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}`);
  await kit.db.execute(sql`insert into clinic_photo (customer_id, visit_id, file_id, type, part_id, angle, taken_time, note,
      batch_id, create_user_id, create_time)
    select r.customer_id, (select v.visit_id from clinic_visit v where v.customer_id = r.customer_id
          and v.arrived_time::date = r.taken::date order by v.visit_id limit 1),
      f.file_id, r.type, r.part_id, r.angle, r.taken, '', r.batch, ${uploader}, r.taken
    from (values ${sql.join(
      rows.map(
        (r) =>
          sql`(${r.key}, ${r.customer}::int, ${r.part}::int, ${r.type}::smallint, ${r.angle}::smallint,
            ${r.at.toISOString()}::timestamptz, ${r.batch})`,
      ),
      sql`, `,
    )}) as r(storage_key, customer_id, part_id, type, angle, taken, batch)
    join sys_file f on f.storage_key = r.storage_key`);
  await kit.db.execute(sql`update sys_file f set owner_id = p.photo_id from clinic_photo p
    where p.file_id = f.file_id and p.batch_id like ${`${BATCH}%`}`);
}

/**
 * At start (main.ts): draw and store the bytes of every demo photo whose file is not stored yet.
 * A copy of a data folder (e2e) keeps its files; a fresh start writes them once.
 */
export async function writeDemoPhotoBytes(db: Db, storage: FileStorage): Promise<number> {
  const rows = await queryRows<{ key: string; type: number; angle: number }>(
    db,
    sql`select f.storage_key as key, p.type, p.angle from clinic_photo p join sys_file f on f.file_id = p.file_id
        where p.batch_id like ${`${BATCH}%`}`,
  );
  let written = 0;
  for (const r of rows) {
    const stored = await storage.get(r.key).then(
      (stream) => {
        stream.destroy();
        return true;
      },
      () => false,
    );
    if (stored) continue;
    const bytes = drawDemoPhoto(r.key, Number(r.type), Number(r.angle));
    await storage.put(r.key, bytes);
    await db.execute(sql`update sys_file set size = ${bytes.length} where storage_key = ${r.key}`);
    written++;
  }
  return written;
}
