import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';

/** A customer of the living demo, as the other features' demo parts use it. */
export type DemoCustomerRow = {
  id: number;
  name: string;
  owner: string | null;
  shopId: number;
  createdDaysAgo: number;
};

const surnames = [
  '李',
  '王',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
];
const given = [
  '静',
  '敏',
  '丽',
  '婷',
  '雪',
  '颖',
  '欣怡',
  '梦琪',
  '佳怡',
  '诗涵',
  '雨萱',
  '晓燕',
  '丹',
  '倩',
  '思远',
  '子轩',
  '浩然',
  '嘉怡',
  '慧',
  '琳',
];
/** Who owns the new customers: the salespeople most, their managers and the consultant some. */
const owners = [
  'sunli',
  'sunli',
  'sunli',
  'zhoujie',
  'zhoujie',
  'zhoujie',
  'zhenghao',
  'zhenghao',
  'zhenghao',
  'zhaoqiang',
  'wufang',
  'wufang',
  'hexue',
  'hexue',
  'liming',
];
const followCategories = ['打电话', '发短信', '上门拜访'];
const followTexts = [
  '电话回访术后恢复情况，顾客反馈良好，约下次复查',
  '微信发送了光电项目的疗程方案和价格，顾客表示考虑一下',
  '到店面诊，皮肤科医生建议先做三次光子嫩肤',
  '顾客咨询玻尿酸填充的维持时间，已详细说明并发送案例',
  '邀约参加本月会员沙龙，顾客已确认到场',
  '跟进疗程剩余次数，约好下周到店护理',
];

/**
 * Three months of customers across the shops (issue 26): created over the last 120 days by the
 * salespeople, most followed up once or more, some due for contact today or overdue, a few never
 * followed (their owners' 待跟进客户). The README's twelve named customers stay as they are.
 */
export async function seedCustomersDemo(kit: DemoKit, count = 36): Promise<DemoCustomerRow[]> {
  const rnd = kit.random('customers');
  const shops = await queryRows<{ id: number; realname: string }>(
    kit.db,
    sql`select s.id, coalesce(u.realname, '') as realname from crm_store s
        left join sys_user u on u.user_id::text = s.relation order by s.id`,
  );
  const planned: (DemoCustomerRow & { row: ReturnType<typeof sql> })[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    let name = '';
    do name = rnd.pick(surnames) + rnd.pick(given);
    while (taken.has(name));
    taken.add(name);
    const owner = owners[i % owners.length]!;
    const shop = shops[i % shops.length]!;
    const ago = rnd.int(3, 120);
    // Every third is due today, every fifth was due days ago, the rest next week or not planned.
    const next =
      i % 3 === 0
        ? kit.at(0, `${10 + (i % 8)}:30`)
        : i % 5 === 0
          ? kit.at(-rnd.int(1, 6), '10:00')
          : i % 2
            ? kit.at(rnd.int(2, 9), '14:00')
            : null;
    const created = kit.at(-ago, `${9 + (i % 9)}:${String(10 + i).slice(-2)}`);
    const row = sql`(${name}, ${`1391235${String(1000 + i)}`}, ${i % 4 === 0}, ${i % 7 === 0 ? 1 : 2}, ${shop.id},
      ${shop.realname}, 0, ${kit.user(owner)}, ${kit.user(owner)}, ${`seed-demo-customer-${i + 1}`}, ${next},
      ${pinyinSearchKey(name)}, ${created}, ${kit.at(-Math.floor(ago / 3), '18:00')})`;
    planned.push({ id: 0, name, owner, shopId: shop.id, createdDaysAgo: ago, row });
  }
  const ids = await queryRows<{ id: number; name: string }>(
    kit.db,
    sql`insert into crm_customer (customer_name, mobile, has_old_customer, gender, shop_owner_id, relation,
          deal_status, owner_user_id, create_user_id, batch_id, next_time, search_key, create_time, update_time)
        values ${sql.join(
          planned.map((p) => p.row),
          sql`, `,
        )}
        returning customer_id as id, customer_name as name`,
  );
  const idOf = new Map(ids.map((r) => [r.name, Number(r.id)]));
  const out: DemoCustomerRow[] = planned.map(({ row: _, ...c }) => ({ ...c, id: idOf.get(c.name)! }));
  // Follow-ups: none for every fourth (待跟进), one to three for the others, spread since creation.
  const follows: ReturnType<typeof sql>[] = [];
  for (const [i, c] of out.entries()) {
    if (i % 4 === 1) continue;
    const times = rnd.int(1, 3);
    for (let n = 0; n < times; n++) {
      const ago = Math.max(0, c.createdDaysAgo - Math.floor(((n + 1) * c.createdDaysAgo) / (times + 1)));
      follows.push(
        sql`(2, ${c.id}, ${rnd.pick(followCategories)}, ${rnd.pick(followTexts)}, ${kit.user(c.owner!)}, ${kit.at(-ago, '16:20')})`,
      );
    }
  }
  if (follows.length)
    await kit.db.execute(
      sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
          values ${sql.join(follows, sql`, `)}`,
    );
  return out;
}
