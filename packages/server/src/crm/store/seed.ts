import { seedCatalogueDemo } from '../../clinic/catalogue/seed.ts';
import type { Tx } from '../../db/client.ts';
import { storeProjects, stores } from './tables.ts';

/** Demo shops: owner (seeded salesperson), shop, owner name, phone, address, coordinates. */
const demoShops: [string, string, string, string, string, number, number][] = [
  ['sunli', '丽人医美会所', '王芳', '13800001001', '四川省成都市锦江区春熙路88号', 104.0817, 30.6571],
  ['sunli', '悦颜皮肤管理中心', '刘敏', '13800001002', '四川省成都市武侯区科华北路12号', 104.0761, 30.6325],
  ['zhoujie', '美丽人生美容院', '陈静', '13800001003', '四川省成都市青羊区宽窄巷子7号', 104.0555, 30.6697],
  ['zhenghao', '雅韵轻医美', '赵丽', '13800001004', '重庆市渝中区解放碑步行街5号', 106.5771, 29.5573],
  ['zhaoqiang', '尚美医疗美容诊所', '孙悦', '13800001005', '四川省成都市高新区天府大道北段1700号', 104.0688, 30.5728],
];

/** Seed the demo project catalogue (clinic/catalogue) and a few shops owned by the salespeople (demo only). */
export async function seedStoreDemo(tx: Tx, userIds: Map<string, number>) {
  // The clinic's demo catalogue: the shops run some of its projects.
  const { classIds, projectIds } = await seedCatalogueDemo(tx);
  const relation = String(userIds.get('zhaoqiang'));
  for (const [i, [owner, shopName, name, phone, address, longitude, latitude]] of demoShops.entries()) {
    const ownerId = userIds.get(owner)!;
    const [shop] = await tx
      .insert(stores)
      .values({
        name,
        sex: 1,
        phone,
        idCard: `51010419900101${String(1000 + i)}`,
        shopName,
        shopAddress: address,
        longitude,
        latitude,
        otherManage: `${name}店长`,
        otherPhone: phone,
        area: String(120 + i * 30),
        year: 3 + i,
        personnel: 8 + i,
        stableMembes: 200 + i * 50,
        relation,
        signing: String(i % 4),
        money: String(12800 + i * 1000),
        signTime: `2026-0${(i % 9) + 1}-15`,
        projectClass: String(classIds[i % classIds.length]),
        giveProject: '微整项目',
        ownerUserId: ownerId,
        createUserId: ownerId,
        batchId: `seed-store-${i + 1}`,
      })
      .returning({ id: stores.id });
    await tx.insert(storeProjects).values([
      { storeId: shop!.id, projectId: projectIds[i % projectIds.length]! },
      { storeId: shop!.id, projectId: projectIds[(i + 3) % projectIds.length]! },
    ]);
  }
}
