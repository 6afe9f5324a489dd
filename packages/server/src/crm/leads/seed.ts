import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import type { DemoCustomerRow } from '../customer/seed.ts';

const sources = ['抖音', '小红书', '美团', '朋友介绍', '门店到访', '大众点评'];
const needs = [
  '想了解水光针的价格和疗程',
  '咨询热玛吉，关心术后恢复期',
  '脸上有斑，想做皮秒祛斑',
  '婚礼前想做皮肤管理套餐',
  '询问玻尿酸填充苹果肌的效果',
  '腋下脱毛，问几次能见效',
];
const names = [
  '夏雨欣',
  '苏晴',
  '唐可儿',
  '白露',
  '韩雪梅',
  '冯佳琪',
  '蒋若兰',
  '沈梦瑶',
  '秦诗雨',
  '许安然',
  '邓心怡',
  '曹雅琴',
  '彭晓彤',
  '潘子涵',
  '袁静雯',
  '崔嘉欣',
  '程一诺',
  '田甜',
];
const owners = ['sunli', 'zhoujie', 'zhenghao', 'sunli', 'zhoujie', 'zhenghao', 'zhaoqiang', 'wufang'];

/**
 * Leads of the last two months (issue 26): from the usual channels, most open with a next
 * follow-up (some due today or overdue: 待跟进的线索), a few already converted into the demo's
 * customers, a few with follow-up notes.
 */
export async function seedLeadsDemo(kit: DemoKit, customers: DemoCustomerRow[]): Promise<void> {
  const rnd = kit.random('leads');
  for (const [i, name] of names.entries()) {
    const owner = owners[i % owners.length]!;
    const ago = rnd.int(1, 60);
    const converted = i % 6 === 5 ? customers[i % customers.length] : undefined;
    const next = converted
      ? null
      : i % 3 === 0
        ? kit.at(0, '11:00')
        : i % 3 === 1
          ? kit.at(-rnd.int(1, 5), '15:00')
          : kit.at(rnd.int(1, 7), '10:30');
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into crm_leads (name, source, mobile, remark, is_transform, customer_id, transform_time, owner_user_id,
            create_user_id, batch_id, next_time, search_key, create_time, update_time)
          values (${name}, ${sources[i % sources.length]!}, ${`1377788${String(1000 + i)}`}, ${rnd.pick(needs)},
            ${Boolean(converted)}, ${converted?.id ?? null}, ${converted ? kit.at(-Math.max(1, Math.floor(ago / 2)), '17:00') : null},
            ${kit.user(owner)}, ${kit.user(owner)}, ${`seed-demo-leads-${i + 1}`}, ${next}, ${pinyinSearchKey(name)},
            ${kit.at(-ago, '10:15')}, ${kit.at(-Math.max(1, Math.floor(ago / 2)), '17:00')})
          returning leads_id as id`,
    );
    if (i % 2 === 0)
      await kit.db.execute(
        sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
            values (1, ${row!.id}, '打电话', ${`初次电话沟通：${rnd.pick(needs)}，已加微信`}, ${kit.user(owner)},
              ${kit.at(-Math.max(1, ago - 1), '14:40')})`,
      );
  }
}
