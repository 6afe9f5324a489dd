import { ToolOutlined } from '@ant-design/icons';
import type { AppArea, AppRoute } from '@/shell/route-types';
import { catalogueRoutes } from './catalogue-routes';
// Lottery activities (issue 25, h-lottery).
import { lotteryRoutes } from './lottery/routes';
import { clinicSettingsRoutes } from './settings-routes';

const routes: AppRoute[] = [...catalogueRoutes, ...clinicSettingsRoutes, ...lotteryRoutes];

/** 配置 (spec 2.3 /project): the clinic's configuration pages; shown to anyone holding a `project` permission. */
export const projectArea: AppArea = {
  key: 'project',
  path: '/project',
  title: { zh: '配置', en: 'Configuration' },
  icon: <ToolOutlined />,
  access: 'project',
  routes,
};
