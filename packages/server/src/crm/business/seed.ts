import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import type { DemoCustomerRow } from '../customer/seed.ts';
import { productCategories, products } from '../product/tables.ts';
import { businessStatuses, businessTypes } from './tables.ts';

/** Demo categories (parent → children) and products: category, name, unit, price, on shelf. */
const demoCategories: [string, string[]][] = [
  ['医美项目', ['注射类', '光电类']],
  ['护肤品', []],
];
const demoProducts: [string, string, string, number, 0 | 1][] = [
  ['注射类', '水光针', '次', 980, 1],
  ['注射类', '玻尿酸填充', '支', 3800, 1],
  ['光电类', '热玛吉', '次', 12800, 1],
  ['护肤品', '修护精华', '瓶', 320, 1],
  ['护肤品', '旧款补水面膜', '盒', 99, 0],
];
/** The demo stage group: stage name and win rate. */
const demoStages: [string, number][] = [
  ['初步接洽', 10],
  ['需求确认', 30],
  ['方案报价', 60],
  ['谈判签约', 80],
];

/** Seed the demo product catalogue and one opportunity stage group, owned by the CRM administrator. */
export async function seedSalesDemo(tx: Tx, userIds: Map<string, number>) {
  const admin = userIds.get('wangzong')!;
  const categoryIds = new Map<string, number>();
  for (const [parent, children] of demoCategories) {
    const [p] = await tx.insert(productCategories).values({ name: parent }).returning({ id: productCategories.id });
    categoryIds.set(parent, p!.id);
    for (const child of children) {
      const [c] = await tx
        .insert(productCategories)
        .values({ name: child, pid: p!.id })
        .returning({ id: productCategories.id });
      categoryIds.set(child, c!.id);
    }
  }
  for (const [i, [category, name, unit, price, status]] of demoProducts.entries())
    await tx.insert(products).values({
      name,
      categoryId: categoryIds.get(category)!,
      num: `P${String(i + 1).padStart(4, '0')}`,
      unit,
      price: String(price),
      status,
      ownerUserId: admin,
      createUserId: admin,
      batchId: `seed-product-${i + 1}`,
      searchKey: pinyinSearchKey(name),
    });
  const [type] = await tx
    .insert(businessTypes)
    .values({ name: '医美项目商机', createUserId: admin })
    .returning({ id: businessTypes.id });
  await tx
    .insert(businessStatuses)
    .values(demoStages.map(([name, rate], i) => ({ typeId: type!.id, name, rate, orderNum: i + 1 })));
}

/** An opportunity of the living demo: the contracts' demo signs the won ones. */
export type DemoOpportunity = {
  id: number;
  customer: DemoCustomerRow;
  name: string;
  /** The name without the customer's: what the contract signed for it is called after. */
  title: string;
  money: number;
  won: boolean;
};

const opportunityNames = [
  '全年皮肤管理卡',
  '面部年轻化方案',
  '热玛吉抗衰疗程',
  '光电祛斑疗程',
  '微整形套餐',
  '婚前美肤计划',
];

/**
 * Opportunities of the last three months (issue 26), on the demo stage group: open ones at each
 * stage, some won (their contracts follow), one lost and one invalid, with a stage-change time.
 */
export async function seedOpportunitiesDemo(kit: DemoKit, customers: DemoCustomerRow[]): Promise<DemoOpportunity[]> {
  const rnd = kit.random('business');
  const stages = await queryRows<{ type_id: number; status_id: number }>(
    kit.db,
    sql`select s.type_id, s.status_id from crm_business_status s join crm_business_type t on t.type_id = s.type_id
        where t.name = '医美项目商机' order by s.order_num`,
  );
  const out: DemoOpportunity[] = [];
  for (let i = 0; i < 18; i++) {
    const customer = customers[(i * 2 + 1) % customers.length]!;
    // 0 open, 1 won, 2 lost, 3 invalid: a third won, one lost, one invalid, the rest open.
    const isEnd = i % 3 === 0 ? 1 : i === 7 ? 2 : i === 11 ? 3 : 0;
    const stage = stages[isEnd === 1 ? stages.length - 1 : i % stages.length]!;
    const money = rnd.int(8, 60) * 1000;
    const title = opportunityNames[i % opportunityNames.length]!;
    const name = `${customer.name}${title}`;
    const owner = kit.user(customer.owner!);
    const ago = Math.max(1, customer.createdDaysAgo - rnd.int(1, 5));
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into crm_business (business_name, customer_id, type_id, status_id, money, deal_date, is_end,
            status_remark, status_time, owner_user_id, create_user_id, batch_id, next_time, search_key, create_time, update_time)
          values (${name}, ${customer.id}, ${stage.type_id}, ${stage.status_id}, ${String(money)},
            ${kit.day(rnd.int(-10, 40))}, ${isEnd}, ${isEnd === 2 ? '顾客选择了其他机构' : isEnd === 3 ? '重复录入' : ''},
            ${kit.at(-Math.max(1, Math.floor(ago / 2)), '16:00')}, ${owner}, ${owner}, ${`seed-demo-business-${i + 1}`},
            ${isEnd ? null : kit.at(rnd.int(-2, 6), '10:00')}, ${pinyinSearchKey(name)}, ${kit.at(-ago, '09:40')},
            ${kit.at(-Math.max(1, Math.floor(ago / 2)), '16:00')})
          returning business_id as id`,
    );
    out.push({ id: row!.id, customer, name, title, money, won: isEnd === 1 });
  }
  return out;
}
