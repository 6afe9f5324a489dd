/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * 顾客评价 (issue 25, h-coupons): `oa:evaluate:<leaf>`. Reading reviews and following up poor ones
 * are separate (the store manager follows up, others read); the coupon rules and issuing a coupon
 * by hand are money, so they are their own leaves.
 */
export const evaluatePermissionNodes: PermissionNode[] = [
  {
    key: 'evaluate',
    title: '顾客评价',
    titleEn: 'Customer reviews',
    children: [
      { key: 'read', title: '查看评价', titleEn: 'Read reviews' },
      { key: 'follow', title: '跟进差评', titleEn: 'Follow up poor reviews' },
      { key: 'rules', title: '优惠券规则', titleEn: 'Coupon rules' },
      { key: 'issue', title: '手动发券', titleEn: 'Issue coupons by hand' },
    ],
  },
];
