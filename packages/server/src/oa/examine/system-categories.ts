import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examineCategories } from './tables.ts';

/**
 * Categories every installation has, demo data or not. The dedicated forms (leave, expenses, …)
 * join this list with their forms. Inserted once; the administrator may then rename, regroup or
 * disable them, but not change their fields.
 */
const systemCategories = [
  {
    type: 'general',
    title: '普通审批',
    className: '通用',
    icon: 1,
    remarks: '适用于没有专门审批类型的事项',
  },
];

export async function ensureSystemCategories(db: Db): Promise<void> {
  for (const [i, c] of systemCategories.entries()) {
    const [found] = await db
      .select({ id: examineCategories.id })
      .from(examineCategories)
      .where(eq(examineCategories.type, c.type))
      .limit(1);
    if (!found) await db.insert(examineCategories).values({ ...c, isSystem: true, sort: i, examineType: 2 });
  }
}
