/**
 * The settings pages of 配置 (`/project/<node>`), named once here: the permission tree needs their
 * names in the first page load, without the kinds' schemas (each kind takes its page from here).
 */
export const settingsPages = {
  setMeal: { node: 'setMeal', title: '套餐', titleEn: 'Set meals' },
  discountConfig: { node: 'discountConfig', title: '折扣权限', titleEn: 'Discount floors' },
  recharge: { node: 'recharge', title: '充值档位', titleEn: 'Top-up tiers' },
  doctorManage: { node: 'doctorManage', title: '医生', titleEn: 'Doctors' },
  markManage: { node: 'markManage', title: '顾客标签', titleEn: 'Customer tags' },
  openFormConfig: { node: 'openFormConfig', title: '开单设置', titleEn: 'Order form settings' },
  deptOperatorConfig: { node: 'deptOperatorConfig', title: '科室人员', titleEn: 'Department staff' },
  rotationConfig: { node: 'rotationConfig', title: '顾问轮诊', titleEn: 'Consultant rotation' },
  // Follow-up plans (issue 23, h-ward).
  followUpConfig: { node: 'followUpConfig', title: '回访计划', titleEn: 'Follow-up plans' },
} as const;

/** One permission node per page (`project:<node>:read` to see it, `:update` to change it). */
export const settingsPermissionNodes = Object.values(settingsPages).map((p) => ({
  key: p.node,
  title: p.title,
  titleEn: p.titleEn,
  children: [
    { key: 'read', title: '查看', titleEn: 'View' },
    { key: 'update', title: '编辑', titleEn: 'Edit' },
  ],
}));
