import {
  AimOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  BugOutlined,
  CloudSyncOutlined,
  FormOutlined,
  FundOutlined,
  HomeOutlined,
  MessageOutlined,
  NumberOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea } from '@/shell/route-types';

/** System administration (spec 2.3 /manager): the admin backend entry needs manage.backstage.look. */
export const managerArea: AppArea = {
  key: 'manager',
  path: '/manager',
  title: { zh: '系统管理', en: 'Administration' },
  icon: <SettingOutlined />,
  access: 'manage.backstage.look',
  wide: true, // The admin backend needs a large screen (issue 26 item 7, h-phone).
  routes: [
    {
      path: 'systemconfig',
      title: { zh: '企业首页', en: 'Company' },
      icon: <HomeOutlined />,
      access: 'manage.system.read',
      component: lazyPage(() => import('./system-config/SystemConfigPage')),
    },
    // Applications (issue 25, h-apps): whole areas switched on or off.
    {
      path: 'application',
      title: { zh: '应用管理', en: 'Applications' },
      icon: <AppstoreOutlined />,
      access: 'manage.application.update',
      component: lazyPage(() => import('./application/ApplicationPage')),
    },
    // The clinic's general settings (issue 25, h-apps): links to the store and bed editors, the cash methods.
    {
      path: 'system-project',
      title: { zh: '项目设置', en: 'Clinic settings' },
      icon: <ToolOutlined />,
      access: 'manage.application.update',
      component: lazyPage(() => import('./system-project/SystemProjectPage')),
    },
    {
      path: 'system-dict',
      title: { zh: '系统字典', en: 'Dictionaries' },
      icon: <BookOutlined />,
      access: 'manage.system.dict',
      component: lazyPage(() => import('./system-dict/SystemDictPage')),
    },
    {
      path: 'employee-dep',
      title: { zh: '员工与部门管理', en: 'Organization' },
      icon: <TeamOutlined />,
      access: 'manage.users.read',
      component: lazyPage(() => import('./employee-dep/EmployeeDepPage')),
    },
    {
      path: 'role-auth',
      title: { zh: '角色权限管理', en: 'Roles & access' },
      icon: <SafetyCertificateOutlined />,
      access: 'manage.permission.read',
      component: lazyPage(() => import('./role-auth/RoleAuthPage')),
    },
    {
      path: 'system-workbench',
      title: { zh: '审批管理', en: 'Approval management' },
      icon: <AuditOutlined />,
      access: 'manage.oa.examine',
      component: lazyPage(() => import('./examine/ExamineCategoryPage')),
    },
    {
      // Feedback (issue 25, h-feedback): spec 2.3 system-issue.
      path: 'system-issue',
      title: { zh: '意见反馈', en: 'Feedback' },
      icon: <BugOutlined />,
      access: 'manage.feedback.read',
      component: lazyPage(() => import('./feedback/FeedbackPage')),
    },
    {
      // 客户管理 › 自定义字段 (spec 2.3 system-customer group).
      path: 'custom-field',
      title: { zh: '客户自定义字段', en: 'CRM custom fields' },
      icon: <FormOutlined />,
      access: 'manage.crm.field',
      component: lazyPage(() => import('./custom-field/CustomFieldPage')),
    },
    {
      // The designer of one kind, at the spec's address: {type} the kind, {id} the set (0), {label} its module code.
      path: 'custom-field/handlefield/:type/:id/:label',
      title: { zh: '编辑字段', en: 'Edit fields' },
      access: 'manage.crm.field',
      hidden: true,
      component: lazyPage(() => import('./custom-field/CustomFieldPage')),
    },
    {
      path: 'customer-pool',
      title: { zh: '公海规则', en: 'Pool rules' },
      icon: <CloudSyncOutlined />,
      access: 'manage.crm.pool',
      component: lazyPage(() => import('./customer-pool/PoolRulesPage')),
    },
    {
      path: 'customer-setting',
      title: { zh: '客户数量限制', en: 'Customer limits' },
      icon: <NumberOutlined />,
      access: 'manage.crm.setting',
      component: lazyPage(() => import('./customer-setting/CustomerSettingPage')),
    },
    {
      path: 'product-category',
      title: { zh: '产品类别', en: 'Product categories' },
      icon: <AppstoreOutlined />,
      access: 'manage.crm.productCategory',
      component: lazyPage(() => import('./product-category/ProductCategoryPage')),
    },
    {
      path: 'business-type',
      title: { zh: '商机状态组', en: 'Stage groups' },
      icon: <FundOutlined />,
      access: 'manage.crm.businessType',
      component: lazyPage(() => import('./business-type/BusinessTypePage')),
    },
    {
      path: 'record-options',
      title: { zh: '跟进记录类型', en: 'Follow-up methods' },
      icon: <MessageOutlined />,
      access: 'manage.crm.setting',
      component: lazyPage(() => import('./crm-settings/RecordOptionsPage')),
    },
    {
      path: 'achievement',
      title: { zh: '业绩目标设置', en: 'Performance targets' },
      icon: <AimOutlined />,
      access: 'manage.crm.achievement',
      component: lazyPage(() => import('./crm-settings/AchievementPage')),
    },
  ],
};
