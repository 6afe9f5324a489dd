import { pinyinSearchKey } from '@crm/shared/pinyin';
import type { Tx } from '../../db/client.ts';
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
