/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * Meal orders (issue 25, /workbench/eat): every member of staff orders their own meals
 * (`oa:meal:order`); the canteen manager edits menus and cut-offs, orders for others and reads the
 * counts, statistics and export (`oa:meal:manage`).
 */
export const mealPermissionNodes: PermissionNode[] = [
  {
    key: 'meal',
    title: '订餐',
    titleEn: 'Meal orders',
    children: [
      { key: 'order', title: '订餐', titleEn: 'Order meals' },
      { key: 'manage', title: '管理菜单和订餐统计', titleEn: 'Manage menus and statistics' },
    ],
  },
];

export const MEAL_ORDER = 'oa:meal:order';
export const MEAL_MANAGE = 'oa:meal:manage';
