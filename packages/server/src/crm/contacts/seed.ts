import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import type { DemoKit } from '../../db/demo-kit.ts';
import type { DemoCustomerRow } from '../customer/seed.ts';

const roles: [string, boolean][] = [
  ['家属', true],
  ['助理', false],
  ['闺蜜（转介绍人）', false],
  ['企业采购对接人', true],
];
const names = ['陈立', '赵敏', '钱多多', '孙颖', '李伟', '周小燕', '吴昊', '郑丽', '王磊', '冯倩', '褚明', '卫兰'];

/** Contacts of some demo customers (issue 26): family members, assistants, referrers. */
export async function seedContactsDemo(kit: DemoKit, customers: DemoCustomerRow[]): Promise<void> {
  const rows = names.map((name, i) => {
    const c = customers[(i * 3) % customers.length]!;
    const [post, policymaker] = roles[i % roles.length]!;
    const owner = kit.user(c.owner!);
    const created = kit.at(-Math.max(0, c.createdDaysAgo - 2), '11:20');
    return sql`(${name}, ${c.id}, ${`1365566${String(1000 + i)}`}, ${policymaker}, ${post}, ${owner}, ${owner},
      ${`seed-demo-contacts-${i + 1}`}, ${pinyinSearchKey(name)}, ${created}, ${created})`;
  });
  await kit.db.execute(
    sql`insert into crm_contacts (name, customer_id, mobile, policymaker, post, owner_user_id, create_user_id,
          batch_id, search_key, create_time, update_time)
        values ${sql.join(rows, sql`, `)}`,
  );
}
