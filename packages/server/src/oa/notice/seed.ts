import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';

/** Demo notices: title, text, published days ago, to everyone or to departments, publisher. */
const notices: [string, string, number, string[] | null, string][] = [
  [
    '关于年终会员答谢季活动的通知',
    '<p>本月起开展年终会员答谢季，充值满5000元赠送800元赠金，请各门店做好宣传。</p>',
    1,
    null,
    'wangzong',
  ],
  [
    '医疗美容服务规范培训安排',
    '<p>本周五下午两点在总部会议室进行服务规范培训，请全体一线员工参加。</p>',
    3,
    null,
    'huangmin',
  ],
  [
    '销售部上月业绩通报',
    '<p>上月销售一部完成目标的112%，二部完成96%，请各位继续努力。</p>',
    6,
    ['销售部', '销售一部', '销售二部'],
    'huangmin',
  ],
  ['财务报销流程调整', '<p>即日起差旅报销请在出差结束后七日内提交，逾期需部门经理说明。</p>', 20, null, 'huangmin'],
  ['节假日门店值班安排', '<p>节假日期间门店正常营业，值班表见附件，请提前做好交接。</p>', 60, null, 'huangmin'],
];

/**
 * Notices of the living demo (issue 26), published by 人事行政 (公告管理员) and the general manager: the recent ones
 * unread by everyone (the 公告 to-do), the older ones read by most.
 */
export async function seedNoticesDemo(kit: DemoKit): Promise<void> {
  for (const [i, [title, content, ago, depts, publisher]] of notices.entries()) {
    const published = kit.at(-ago, '09:00');
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into oa_announcement (title, content, start_time, end_time, to_all, create_user_id, batch_id,
            create_time, update_time)
          values (${title}, ${content}, ${published}, ${kit.at(30, '23:59')}, ${depts === null},
            ${kit.user(publisher)}, ${`seed-demo-notice-${i + 1}`}, ${published}, ${published})
          returning announcement_id as id`,
    );
    if (depts)
      await kit.db.execute(
        sql`insert into oa_announcement_dept (announcement_id, dept_id) values ${sql.join(
          depts.map((d) => sql`(${row!.id}, ${kit.dept(d)})`),
          sql`, `,
        )}`,
      );
    // The older ones read by everyone but 杨帆, who is behind on his reading.
    if (ago > 5)
      await kit.db.execute(
        sql`insert into oa_announcement_read (announcement_id, user_id, read_time)
            select ${row!.id}, u.user_id, ${kit.at(-ago + 1, '10:00')} from sys_user u
            where u.username not in ('yangfan')`,
      );
  }
}
