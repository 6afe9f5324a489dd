import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { DemoKit } from '../db/demo-kit.ts';

/** One-to-one chats: the pair and their lines (the first person speaks first, then they take turns). */
const pairs: [string, string, string[]][] = [
  [
    'zhaoqiang',
    'sunli',
    ['林婉清的热玛吉报价出来了吗？', '出来了，按八五折报的，下午发给她', '好，有问题随时找我', '收到'],
  ],
  ['sunli', 'hexue', ['何老师，陈雨桐下午三点到店面诊，麻烦帮忙看一下', '好的，我下午都在', '谢谢！']],
  ['wufang', 'zhenghao', ['重庆门店的物料审批我看到了，明天处理', '好的吴经理，开业在下周三', '记得提前一天彩排']],
  ['chenjing', 'liuyang', ['这周的欠款清单整理好了吗', '整理好了，一共五位顾客，发你邮箱了']],
  ['liming', 'wangzong', ['王总，季度目标拆解初稿好了，您什么时候方便看', '明天上午十点吧', '好的']],
  ['huangmin', 'yangfan', ['新员工的工牌做好了吗', '今天下午能拿到']],
];
const groupLines: [string, string][] = [
  ['liming', '各位，本周五下午例会，请准备好各自的周报'],
  ['zhaoqiang', '一部本月目标已完成85%，大家加油'],
  ['wufang', '二部重庆门店下周开业，欢迎大家去捧场'],
  ['sunli', '收到'],
  ['zhenghao', '收到，开业当天我在门店'],
];

/**
 * Chats of the living demo (issue 26): friends, one-to-one conversations between colleagues and
 * the sales group; the latest line of each is unread by its addressee, so the chat badge shows.
 */
export async function seedChatDemo(kit: DemoKit): Promise<void> {
  const friends = pairs.flatMap(([a, b]) => [
    sql`(${kit.user(a)}, ${kit.user(b)})`,
    sql`(${kit.user(b)}, ${kit.user(a)})`,
  ]);
  await kit.db.execute(
    sql`insert into chat_friend (user_id, friend_id) values ${sql.join(friends, sql`, `)} on conflict do nothing`,
  );
  let n = 0;
  const say = async (conversationId: number, sender: string, text: string, at: Date) => {
    n++;
    const [m] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into chat_message (conversation_id, sender_id, client_msg_id, type, content, create_time)
          values (${conversationId}, ${kit.user(sender)}, ${`seed-demo-${n}`}, 'txt', ${text}, ${at})
          returning message_id as id`,
    );
    return Number(m!.id);
  };
  for (const [p, [a, b, lines]] of pairs.entries()) {
    const [low, high] = [kit.user(a), kit.user(b)].sort((x, y) => x - y);
    const [c] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into chat_conversation (chat_type, user_low, user_high, create_time)
          values ('contact', ${low}, ${high}, ${kit.at(-3, '09:00')}) returning conversation_id as id`,
    );
    const ids: number[] = [];
    for (const [i, text] of lines.entries())
      ids.push(
        await say(c!.id, i % 2 ? b : a, text, kit.at(-(p % 2), `${10 + p}:${String(5 + i * 3).padStart(2, '0')}`)),
      );
    // The last line's sender has read everything; the other person is one line behind.
    const last = ids.at(-1)!;
    const lastSender = lines.length % 2 ? a : b;
    const other = lastSender === a ? b : a;
    await kit.db.execute(
      sql`insert into chat_member (conversation_id, user_id, last_read_id, last_delivered_id) values
          (${c!.id}, ${kit.user(lastSender)}, ${last}, ${last}), (${c!.id}, ${kit.user(other)}, ${ids.at(-2) ?? 0}, ${last})`,
    );
  }
  const members = ['liming', 'zhaoqiang', 'wufang', 'sunli', 'zhoujie', 'zhenghao'];
  const [g] = await queryRows<{ id: number }>(
    kit.db,
    sql`insert into chat_conversation (chat_type, name, notice, owner_id, create_time)
        values ('group', '销售部大群', '周五下午例会，请准时参加', ${kit.user('liming')}, ${kit.at(-40, '09:00')})
        returning conversation_id as id`,
  );
  const ids: number[] = [];
  for (const [i, [sender, text]] of groupLines.entries())
    ids.push(await say(g!.id, sender, text, i < 3 ? kit.at(-1, `${9 + i}:20`) : kit.minutesAgo(60 - i * 5)));
  await kit.db.execute(
    sql`insert into chat_member (conversation_id, user_id, last_read_id, last_delivered_id, role) values ${sql.join(
      members.map((u, i) => {
        const read = i < 2 ? ids.at(-1)! : ids[1]!;
        return sql`(${g!.id}, ${kit.user(u)}, ${read}, ${ids.at(-1)!}, ${u === 'liming' ? 2 : 0})`;
      }),
      sql`, `,
    )}`,
  );
}
