import { EnvironmentOutlined, ToolOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea, AppRoute } from '@/shell/route-types';
import { catalogueRoutes } from './catalogue-routes';
// Lottery activities (issue 25, h-lottery).
import { lotteryRoutes } from './lottery/routes';
import { clinicSettingsRoutes } from './settings-routes';

const routes: AppRoute[] = [
  ...catalogueRoutes,
  ...clinicSettingsRoutes,
  ...lotteryRoutes,
  // Staff sign-in rules (issue 25, h-signin).
  {
    path: 'SignInRules',
    title: { zh: '签到规则', en: 'Sign-in rules' },
    icon: <EnvironmentOutlined />,
    access: 'project.SignInRules.read',
    component: lazyPage(() => import('./sign-in-rules/SignInRulesPage')),
  },
];

/** 配置 (spec 2.3 /project): the clinic's configuration pages; shown to anyone holding a `project` permission. */
export const projectArea: AppArea = {
  key: 'project',
  path: '/project',
  title: { zh: '配置', en: 'Configuration' },
  icon: <ToolOutlined />,
  access: 'project',
  routes,
};
