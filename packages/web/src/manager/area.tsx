import { SettingOutlined } from '@ant-design/icons';
import { defineArea } from '@/shell/route-types';

/**
 * System administration (spec 2.3 /manager): the admin backend entry needs manage.backstage.look.
 * Each page's title, icon and component are in ./routes.tsx, loaded when the area opens.
 */
export const managerArea = defineArea({
  key: 'manager',
  path: '/manager',
  title: { zh: '系统管理', en: 'Administration' },
  icon: <SettingOutlined />,
  access: 'manage.backstage.look',
  wide: true, // The admin backend needs a large screen (issue 26 item 7, h-phone).
  routes: [
    { path: 'systemconfig', access: 'manage.system.read' },
    // Applications (issue 25, h-apps): whole areas switched on or off.
    { path: 'application', access: 'manage.application.update' },
    // The clinic's general settings (issue 25, h-apps): links to the store and bed editors, the cash methods.
    { path: 'system-project', access: 'manage.application.update' },
    { path: 'system-dict', access: 'manage.system.dict' },
    { path: 'employee-dep', access: 'manage.users.read' },
    { path: 'role-auth', access: 'manage.permission.read' },
    { path: 'system-workbench', access: 'manage.oa.examine' },
    // Feedback (issue 25, h-feedback): spec 2.3 system-issue.
    { path: 'system-issue', access: 'manage.feedback.read' },
    // 客户管理 › 自定义字段 (spec 2.3 system-customer group).
    { path: 'custom-field', access: 'manage.crm.field' },
    // The designer of one kind, at the spec's address: {type} the kind, {id} the set (0), {label} its module code.
    { path: 'custom-field/handlefield/:type/:id/:label', access: 'manage.crm.field', hidden: true },
    { path: 'customer-pool', access: 'manage.crm.pool' },
    { path: 'customer-setting', access: 'manage.crm.setting' },
    { path: 'product-category', access: 'manage.crm.productCategory' },
    { path: 'business-type', access: 'manage.crm.businessType' },
    { path: 'record-options', access: 'manage.crm.setting' },
    { path: 'achievement', access: 'manage.crm.achievement' },
  ],
});
