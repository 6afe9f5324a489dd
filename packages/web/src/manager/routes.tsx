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
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AreaViews } from '@/shell/route-types';
import type { managerArea } from './area';

/** The administration's menu and pages (./area.tsx lists them with their permissions), loaded when the area opens. */
export const managerViews: AreaViews<typeof managerArea> = {
  pages: {
    systemconfig: {
      title: { zh: '企业首页', en: 'Company' },
      icon: <HomeOutlined />,
      component: lazyPage(() => import('./system-config/SystemConfigPage')),
    },
    application: {
      title: { zh: '应用管理', en: 'Applications' },
      icon: <AppstoreOutlined />,
      component: lazyPage(() => import('./application/ApplicationPage')),
    },
    'system-project': {
      title: { zh: '项目设置', en: 'Clinic settings' },
      icon: <ToolOutlined />,
      component: lazyPage(() => import('./system-project/SystemProjectPage')),
    },
    'system-dict': {
      title: { zh: '系统字典', en: 'Dictionaries' },
      icon: <BookOutlined />,
      component: lazyPage(() => import('./system-dict/SystemDictPage')),
    },
    'employee-dep': {
      title: { zh: '员工与部门管理', en: 'Organization' },
      icon: <TeamOutlined />,
      component: lazyPage(() => import('./employee-dep/EmployeeDepPage')),
    },
    'role-auth': {
      title: { zh: '角色权限管理', en: 'Roles & access' },
      icon: <SafetyCertificateOutlined />,
      component: lazyPage(() => import('./role-auth/RoleAuthPage')),
    },
    'system-workbench': {
      title: { zh: '审批管理', en: 'Approval management' },
      icon: <AuditOutlined />,
      component: lazyPage(() => import('./examine/ExamineCategoryPage')),
    },
    'system-issue': {
      title: { zh: '意见反馈', en: 'Feedback' },
      icon: <BugOutlined />,
      component: lazyPage(() => import('./feedback/FeedbackPage')),
    },
    'custom-field': {
      title: { zh: '客户自定义字段', en: 'CRM custom fields' },
      icon: <FormOutlined />,
      component: lazyPage(() => import('./custom-field/CustomFieldPage')),
    },
    'custom-field/handlefield/:type/:id/:label': {
      title: { zh: '编辑字段', en: 'Edit fields' },
      component: lazyPage(() => import('./custom-field/CustomFieldPage')),
    },
    'customer-pool': {
      title: { zh: '公海规则', en: 'Pool rules' },
      icon: <CloudSyncOutlined />,
      component: lazyPage(() => import('./customer-pool/PoolRulesPage')),
    },
    'customer-setting': {
      title: { zh: '客户数量限制', en: 'Customer limits' },
      icon: <NumberOutlined />,
      component: lazyPage(() => import('./customer-setting/CustomerSettingPage')),
    },
    'product-category': {
      title: { zh: '产品类别', en: 'Product categories' },
      icon: <AppstoreOutlined />,
      component: lazyPage(() => import('./product-category/ProductCategoryPage')),
    },
    'business-type': {
      title: { zh: '商机状态组', en: 'Stage groups' },
      icon: <FundOutlined />,
      component: lazyPage(() => import('./business-type/BusinessTypePage')),
    },
    'record-options': {
      title: { zh: '跟进记录类型', en: 'Follow-up methods' },
      icon: <MessageOutlined />,
      component: lazyPage(() => import('./crm-settings/RecordOptionsPage')),
    },
    achievement: {
      title: { zh: '业绩目标设置', en: 'Performance targets' },
      icon: <AimOutlined />,
      component: lazyPage(() => import('./crm-settings/AchievementPage')),
    },
  },
};
