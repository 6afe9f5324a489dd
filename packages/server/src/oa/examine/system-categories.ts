import { examineForms } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examineCategories } from './tables.ts';

/**
 * Categories every installation has, demo data or not: one per dedicated approval type of the
 * shared definitions (packages/shared/src/approval-forms/definitions.ts). Each is inserted once,
 * when its type is first missing; the administrator may then rename, regroup or disable it, but
 * not change its fields.
 */
export async function ensureSystemCategories(db: Db): Promise<void> {
  for (const [i, d] of examineForms.entries()) {
    const [found] = await db
      .select({ id: examineCategories.id })
      .from(examineCategories)
      .where(eq(examineCategories.type, d.type))
      .limit(1);
    if (!found)
      await db.insert(examineCategories).values({
        type: d.type,
        title: d.title,
        className: d.className,
        icon: d.icon,
        remarks: d.remarks,
        isSystem: true,
        sort: i,
        examineType: 2,
      });
  }
}
