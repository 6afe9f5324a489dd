import { NO_REPEAT } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';

/** Demo events: title, creator, participants, day offset, start and end (HH:mm, null all day), weekly. */
const events: [string, string, string[], number, string | null, string | null, boolean][] = [
  ['销售部周例会', 'liming', ['zhaoqiang', 'wufang', 'sunli', 'zhoujie', 'zhenghao'], -14, '09:30', '10:30', true],
  ['林婉清到店面诊', 'sunli', ['hexue'], 0, '15:00', '16:00', false],
  ['水光针新品培训', 'hexue', ['sunli', 'zhoujie', 'zhenghao'], 0, '17:00', '18:00', false],
  ['雅韵轻医美合作洽谈', 'zhenghao', ['wufang'], 0, '10:00', '11:30', false],
  ['月末对账', 'chenjing', ['liuyang'], 0, null, null, false],
  ['总经办月度经营会', 'wangzong', ['liming', 'chenjing', 'huangmin'], 0, '14:00', '15:30', false],
  ['新员工入职面谈', 'huangmin', ['yangfan', 'wufang'], 0, '11:00', '11:30', false],
  ['门店巡店', 'zhaoqiang', ['zhoujie'], 0, '09:00', '12:00', false],
  ['系统例行备份检查', 'admin', [], 0, '08:30', '09:00', false],
  ['会员沙龙', 'zhaoqiang', ['sunli', 'zhoujie', 'hexue'], 5, '14:00', '17:00', false],
  ['季度复盘会', 'wangzong', ['liming', 'zhaoqiang', 'wufang', 'chenjing'], -30, '09:00', '11:00', false],
];

const minutes = (hm: string | null) => (hm ? Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)) : null);

/** Calendar events of the living demo (issue 26): something on every persona's today, a weekly meeting, past ones. */
export async function seedEventsDemo(kit: DemoKit): Promise<void> {
  for (const [i, [title, creator, with_, day, start, end, weekly]] of events.entries()) {
    const repeat = weekly ? { ...NO_REPEAT, freq: 'weekly' as const } : NO_REPEAT;
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into oa_event (title, description, all_day, start_day, end_day, start_min, end_min, repeat,
            remind_minutes, create_user_id, batch_id, create_time, update_time)
          values (${title}, '', ${start === null}, ${kit.day(day)}, ${kit.day(day)}, ${minutes(start)}, ${minutes(end)},
            ${JSON.stringify(repeat)}::jsonb, ${start === null ? null : 15}, ${kit.user(creator)},
            ${`seed-demo-event-${i + 1}`}, ${kit.at(day - 3, '09:00')}, ${kit.at(day - 3, '09:00')})
          returning event_id as id`,
    );
    const ids = [...new Set([creator, ...with_])].map((u) => sql`(${row!.id}, ${kit.user(u)})`);
    await kit.db.execute(sql`insert into oa_event_user (event_id, user_id) values ${sql.join(ids, sql`, `)}`);
  }
}
