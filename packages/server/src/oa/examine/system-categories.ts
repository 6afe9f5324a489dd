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
  // The review flows of contracts and receivables (crm/contract/review.ts): configured here, started
  // by their records' saves, never offered in the approval center's create view.
  { type: 'crm_contract', title: '合同审核', className: '客户管理', icon: 1, remarks: '合同提交审核时使用的审批流' },
  { type: 'crm_receivables', title: '回款审核', className: '客户管理', icon: 1, remarks: '回款提交审核时使用的审批流' },
];

/** Categories that belong to CRM records: not chosen in the approval center. */
export const recordReviewTypes = ['crm_contract', 'crm_receivables'];

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
