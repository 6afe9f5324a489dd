import { SignKind, SignStatus, weekdayOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { DemoKit } from '../../db/demo-kit.ts';
import { signRules } from './tables.ts';

/** The demo store's door (central Chengdu, where the map opens). */
const STORE_PLACE = { name: '客服部门店', lat: 30.6595, lng: 104.0657, radius: 300 };
/** The demo store's staff and how each signs: most on time, one often late, one in the field. */
const staff = ['zhangyu', 'hexue', 'wangjing', 'zhoumin'];

/**
 * Staff sign-in (issue 25): the demo store's rule (09:00–18:00, 5 minutes' grace, one place,
 * 外勤 allowed, Monday to Friday) and the last ten days' signs, so /workbench/signQuery shows
 * 正常, 迟到, 外勤 and 缺卡 at once. Written directly: the sign call only signs now.
 */
export async function seedSignInDemo(kit: DemoKit): Promise<void> {
  const rnd = kit.random('sign-in');
  const store = kit.dept('客服部');
  await kit.db.insert(signRules).values({
    deptId: store,
    workStart: '09:00',
    workEnd: '18:00',
    lateMinutes: 5,
    earlyMinutes: 0,
    places: [STORE_PLACE],
    fieldAllowed: true,
    workdays: [1, 2, 3, 4, 5],
    updateUserId: kit.user('wangzong'),
  });
  const rows: ReturnType<typeof sql>[] = [];
  const sign = (who: string, offset: number, hm: string, kind: number, status: number, field: boolean) => {
    const at = kit.at(offset, hm);
    const lat = STORE_PLACE.lat + (field ? 0.02 : rnd.int(-5, 5) / 10_000);
    rows.push(
      sql`(${kit.user(who)}, ${kit.day(offset)}, ${kind}, ${at.toISOString()}, ${status}, ${field},
        ${field ? '' : STORE_PLACE.name}, ${field ? '拜访客户' : ''}, ${lat}, ${STORE_PLACE.lng})`,
    );
  };
  for (let offset = -10; offset <= -1; offset++) {
    if (weekdayOf(kit.day(offset)) > 5) continue;
    staff.forEach((who, i) => {
      // One day in ten someone forgets to sign out: 缺卡.
      const forgets = rnd.int(0, 9) === 0;
      const late = i === 1 && rnd.int(0, 2) === 0;
      const field = i === 3 && offset % 3 === 0;
      sign(
        who,
        offset,
        late ? `09:${rnd.int(10, 40)}` : `08:${rnd.int(40, 58)}`,
        SignKind.in,
        late ? SignStatus.late : SignStatus.normal,
        field,
      );
      if (!forgets)
        sign(who, offset, `18:${rnd.int(10, 40).toString().padStart(2, '0')}`, SignKind.out, SignStatus.normal, field);
    });
  }
  if (rows.length)
    await kit.db.execute(sql`insert into oa_sign_record
      (user_id, day, kind, sign_time, status, field, place_name, note, latitude, longitude)
      values ${sql.join(rows, sql`, `)}`);
}
