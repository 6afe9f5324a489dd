import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';

/** Demo tasks: title, owner, creator, due (days from today, null none), done days ago (null open), priority, participants. */
const tasks: [string, string, string, number | null, number | null, number, string[]][] = [
  ['回访本周做过光子嫩肤的顾客', 'sunli', 'zhaoqiang', 0, null, 3, []],
  ['整理下月会员沙龙邀约名单', 'sunli', 'zhaoqiang', 4, null, 2, ['zhoujie']],
  ['跟进林婉清的热玛吉报价', 'sunli', 'sunli', -2, null, 3, []],
  ['提交上月门店业绩复盘', 'zhoujie', 'zhaoqiang', -1, null, 2, []],
  ['给新客发送术前须知', 'zhoujie', 'zhoujie', 0, null, 1, []],
  ['重庆门店开业活动物料确认', 'zhenghao', 'wufang', 0, null, 3, ['wufang']],
  ['核对雅韵轻医美的合作协议', 'zhenghao', 'wufang', 6, null, 2, []],
  ['销售一部周例会材料', 'zhaoqiang', 'liming', 0, null, 2, ['sunli', 'zhoujie']],
  ['审核一部本月折扣申请', 'zhaoqiang', 'zhaoqiang', -3, null, 3, []],
  ['销售二部招聘面试安排', 'wufang', 'liming', 2, null, 1, ['huangmin']],
  ['季度销售目标拆解', 'liming', 'wangzong', -1, null, 3, ['zhaoqiang', 'wufang']],
  ['年度医美设备采购预算', 'wangzong', 'wangzong', 5, null, 2, ['chenjing']],
  ['月末收银对账', 'chenjing', 'wangzong', 0, null, 3, ['liuyang']],
  ['整理欠款顾客清单并提醒销售', 'liuyang', 'chenjing', -2, null, 2, []],
  ['更新员工手册的考勤制度', 'huangmin', 'wangzong', 3, null, 1, []],
  ['办公用品季度盘点', 'yangfan', 'huangmin', 0, null, 1, []],
  ['准备新客面诊话术', 'hexue', 'wangzong', 1, null, 2, []],
  ['系统账号权限季度复核', 'admin', 'wangzong', 2, null, 2, []],
  ['核对昨日收银与欠款登记', 'lina', 'chenjing', 0, null, 2, []],
  ['确认明日面诊预约并短信提醒', 'zhangyu', 'hexue', 0, null, 2, []],
  ['上月顾客满意度回访', 'sunli', 'zhaoqiang', -20, 15, 2, []],
  ['门店消毒记录检查', 'zhenghao', 'wufang', -12, 10, 1, []],
  ['上月促销方案', 'liming', 'wangzong', -25, 22, 3, ['zhaoqiang', 'wufang']],
  // Nurses' station (issue 23, h-nurse): the demo nurse's own to-do (last, so the others keep their times).
  ['核对治疗室耗材与消毒记录', 'wangjing', 'hexue', 0, null, 2, []],
  // The photograph room (issue 23, h-photo): the demo photographer's own to-do.
  ['整理本周术前术后对比照片', 'zhoumin', 'hexue', 1, null, 2, []],
];

/**
 * Tasks of the living demo (issue 26): every persona owns open ones (the workbench's 任务), some
 * due today and some overdue (the reminders), a few finished last month.
 */
export async function seedTasksDemo(kit: DemoKit): Promise<void> {
  for (const [i, [title, owner, creator, due, doneAgo, priority, with_]] of tasks.entries()) {
    const created = kit.at(-(doneAgo ?? 0) - 7 - (i % 5), '09:30');
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into oa_task (title, description, priority, start_time, due_time, owner_user_id, create_user_id,
              status, batch_id, completed_time, create_time, update_time)
            values (${title}, '', ${priority}, ${created}, ${due === null ? null : kit.at(due, '18:00')},
              ${kit.user(owner)}, ${kit.user(creator)}, ${doneAgo === null ? 1 : 2}, ${`seed-demo-task-${i + 1}`},
              ${doneAgo === null ? null : kit.at(-doneAgo, '17:00')}, ${created}, ${created})
            returning task_id as id`,
    );
    if (with_.length)
      await kit.db.execute(
        sql`insert into oa_task_user (task_id, user_id) values ${sql.join(
          with_.map((u) => sql`(${row!.id}, ${kit.user(u)})`),
          sql`, `,
        )}`,
      );
  }
}
