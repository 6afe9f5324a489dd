import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';

/** Who writes logs and who reads them (their managers), with what they do all day. */
const writers: [string, string[], string][] = [
  ['sunli', ['zhaoqiang'], '回访了3位光子嫩肤疗程中的顾客，约了2位到店'],
  ['zhoujie', ['zhaoqiang'], '接待新客2位，成交一单水光针三次卡'],
  ['zhenghao', ['wufang'], '拜访雅韵轻医美，沟通了合作门店的返点方案'],
  ['zhaoqiang', ['liming'], '一部例会，梳理本周待审合同和欠款顾客'],
  ['wufang', ['liming'], '二部新人带教，跟进重庆门店开业筹备'],
  ['liming', ['wangzong'], '审阅两个部门的周报，调整季度目标'],
  ['chenjing', ['wangzong'], '完成上周收银对账，催收两笔欠款'],
  ['hexue', ['wangzong', 'zhaoqiang'], '面诊5位顾客，制定了2份光电疗程方案'],
  ['yangfan', ['huangmin'], '办理2位新员工入职手续，更新通讯录'],
];
const comments = ['辛苦了，继续保持', '欠款顾客要每周跟进一次', '明天例会上分享一下经验', '注意顾客的术后回访记录'];

/**
 * Work logs of the last weeks (issue 26): daily logs of each writer sent to their managers, a
 * weekly one among them; the older ones read and commented on, yesterday's unread
 * (the readers' 日志 to-do).
 */
export async function seedJournalDemo(kit: DemoKit): Promise<void> {
  const rnd = kit.random('journal');
  const logs: { batch: string; ago: number; readers: string[]; row: ReturnType<typeof sql> }[] = [];
  for (const [w, [writer, readers, work]] of writers.entries()) {
    for (let ago = 13; ago >= 1; ago -= 3) {
      const weekly = ago === 7;
      const created = kit.at(-ago, `${17 + (w % 2)}:${10 + w * 5}`);
      const batch = `seed-demo-log-${writer}-${ago}`;
      logs.push({
        batch,
        ago,
        readers,
        row: sql`(${weekly ? 2 : 1}, ${weekly ? `本周小结：${work}，整体进度符合计划` : `今日工作：${work}`},
          ${weekly ? '下周重点跟进高意向顾客和待审合同' : '继续跟进今天约好的顾客'},
          ${ago % 2 ? '' : '部分顾客对价格敏感，需要更灵活的套餐'}, ${kit.user(writer)}, ${batch}, ${created}, ${created})`,
      });
    }
  }
  // A few statements for all of them: the first start is measured in statements.
  const ids = await queryRows<{ id: number; batch: string }>(
    kit.db,
    sql`insert into oa_log (category_id, content, tomorrow, question, create_user_id, batch_id, create_time, update_time)
        values ${sql.join(
          logs.map((l) => l.row),
          sql`, `,
        )}
        returning log_id as id, batch_id as batch`,
  );
  const idOf = new Map(ids.map((r) => [r.batch, Number(r.id)]));
  const reads: ReturnType<typeof sql>[] = [];
  const notes: ReturnType<typeof sql>[] = [];
  for (const l of logs) {
    const id = idOf.get(l.batch)!;
    // Yesterday's logs are still unread.
    const read = l.ago > 1;
    for (const r of l.readers) reads.push(sql`(${id}, ${kit.user(r)}, ${read ? kit.at(-l.ago + 1, '09:10') : null})`);
    if (read && rnd.next() < 0.5)
      notes.push(sql`(${id}, ${kit.user(l.readers[0]!)}, ${rnd.pick(comments)}, ${kit.at(-l.ago + 1, '09:15')})`);
  }
  await kit.db.execute(sql`insert into oa_log_user (log_id, user_id, read_time) values ${sql.join(reads, sql`, `)}`);
  if (notes.length)
    await kit.db.execute(
      sql`insert into oa_log_comment (log_id, user_id, content, create_time) values ${sql.join(notes, sql`, `)}`,
    );
}
