import { addDays, fenToYuan, MealType, weekStartOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { DemoKit } from '../../db/demo-kit.ts';

/** The canteen's dishes, taken in turn so each day differs. */
const lunches = [
  ['红烧肉', '番茄炒蛋', '清炒时蔬', '紫菜蛋花汤'],
  ['宫保鸡丁', '麻婆豆腐', '蒜蓉西兰花', '冬瓜排骨汤'],
  ['糖醋里脊', '木须肉', '手撕包菜', '玉米排骨汤'],
  ['黑椒牛柳', '鱼香茄子', '清炒豆苗', '番茄蛋汤'],
  ['香煎鸡排', '土豆烧牛肉', '上汤娃娃菜', '菌菇汤'],
];
const dinners = [
  ['牛肉面', '凉拌黄瓜'],
  ['扬州炒饭', '酸辣汤'],
  ['饺子', '拍黄瓜'],
  ['皮蛋瘦肉粥', '葱油饼', '小菜'],
];
/** Who eats at the demo store's canteen. */
const eaters = [
  'wangzong',
  'hexue',
  'zhangyu',
  'wangjing',
  'zhoumin',
  'lina',
  'sunli',
  'zhoujie',
  'chenjing',
  'huangmin',
];
const LUNCH_FEN = 1500;
const DINNER_FEN = 1200;

/**
 * Meal orders (issue 25): the demo store's menu for last, this and next week (weekdays; dinner
 * Monday to Thursday), and the staff's orders from last Monday to tomorrow, so the canteen's day
 * and the month's statistics show figures. Written directly: the order call refuses past days.
 */
export async function seedMealsDemo(kit: DemoKit): Promise<void> {
  const rnd = kit.random('meals');
  const store = kit.dept('客服部');
  const admin = kit.user('wangzong');
  const today = kit.day(0);
  const monday = addDays(weekStartOf(today), -7);
  const menus: ReturnType<typeof sql>[] = [];
  const served: { day: string; meal: number; fen: number }[] = [];
  for (let i = 0; i < 21; i++) {
    if (i % 7 >= 5) continue;
    const day = addDays(monday, i);
    menus.push(
      sql`(${store}, ${day}, ${MealType.lunch}, ${JSON.stringify(lunches[i % lunches.length])}::jsonb, ${fenToYuan(LUNCH_FEN)}::numeric, ${admin})`,
    );
    served.push({ day, meal: MealType.lunch, fen: LUNCH_FEN });
    if (i % 7 < 4) {
      menus.push(
        sql`(${store}, ${day}, ${MealType.dinner}, ${JSON.stringify(dinners[i % dinners.length])}::jsonb, ${fenToYuan(DINNER_FEN)}::numeric, ${admin})`,
      );
      served.push({ day, meal: MealType.dinner, fen: DINNER_FEN });
    }
  }
  await kit.db.execute(sql`insert into oa_meal_menu (store_id, day, meal, dishes, price, update_user_id)
    values ${sql.join(menus, sql`, `)}`);
  const tomorrow = addDays(today, 1);
  const orders: ReturnType<typeof sql>[] = [];
  for (const s of served) {
    if (s.day > tomorrow) continue;
    for (const who of eaters) {
      if (rnd.next() >= (s.meal === MealType.lunch ? 0.7 : 0.3)) continue;
      // Placed the afternoon before, as staff do (never in the future).
      const offset = (Date.parse(s.day) - Date.parse(today)) / 86_400_000;
      const placed = new Date(Math.min(kit.at(offset - 1, '15:00').getTime(), kit.minutesAgo(5).getTime()));
      orders.push(
        sql`(${kit.user(who)}, ${store}, ${s.day}, ${s.meal}, ${fenToYuan(s.fen)}::numeric, ${kit.user(who)}, ${placed})`,
      );
    }
  }
  if (orders.length)
    await kit.db.execute(sql`insert into oa_meal_order (user_id, store_id, day, meal, price, create_user_id, create_time)
      values ${sql.join(orders, sql`, `)}`);
}
