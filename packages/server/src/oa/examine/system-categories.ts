import { examineForms, recordKinds } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examineCategories } from './tables.ts';

/**
 * Categories every installation has, demo data or not: one per dedicated approval type of the
 * shared definitions (packages/shared/src/approval-forms/definitions.ts). Each is inserted once,
 * when its type is first missing; the administrator may then rename, regroup or disable it, but
 * not change its fields.
 */
/**
 * The review flows of the record kinds reviewed on the approval engine (their declarations'
 * `review`, crm/records/review.ts: 合同审核, 回款审核): configured in approval management like any
 * flow, started by their records' saves, never offered in the create view.
 */
const recordReviewCategories = [
  ...recordKinds.flatMap((k) =>
    k.review
      ? [
          {
            type: k.review.category,
            title: `${k.name}审核`,
            className: '客户管理',
            icon: 1,
            remarks: `${k.name}提交审核时使用的审批流`,
          },
        ]
      : [],
  ),
  // Clinic settings (issue 22): an order line below the discount floor (discountConfig) is approved in this flow.
  {
    type: 'clinic_discount',
    title: '折扣审批',
    className: '项目配置',
    icon: 1,
    remarks: '开单成交价低于折扣底线时使用的审批流',
  },
  // Clinic refunds (issue 22): a refund of a deal's left sessions is approved in this flow, then paid at the cashier.
  {
    type: 'clinic_refund',
    title: '退费审核',
    className: '项目配置',
    icon: 1,
    remarks: '成交项目申请退费时使用的审批流',
  },
];

/** Categories that belong to CRM records: not chosen in the approval center. */
export const recordReviewTypes = recordReviewCategories.map((c) => c.type);

export async function ensureSystemCategories(db: Db): Promise<void> {
  const categories = [...examineForms, ...recordReviewCategories];
  for (const [i, d] of categories.entries()) {
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
