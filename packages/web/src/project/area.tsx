import { ToolOutlined } from '@ant-design/icons';
import { settingsPages } from '@crm/shared';
import { defineArea, type PageEntry } from '@/shell/route-types';

/**
 * 配置 (spec 2.3 /project): the clinic's configuration pages; shown to anyone holding a `project`
 * permission. Each page's title, icon and component are in ./routes.tsx, loaded when the area opens.
 */
export const projectArea = defineArea({
  key: 'project',
  path: '/project',
  title: { zh: '配置', en: 'Configuration' },
  icon: <ToolOutlined />,
  access: 'project',
  routes: [
    // The project catalogue (/project/index, partConfig, convertClass).
    { path: 'index', access: 'project.index.read' },
    { path: 'partConfig', access: 'project.partConfig.read' },
    { path: 'convertClass', access: 'project.convertClass.read' },
    // The settings pages built on the settings machinery: one per page of the light shared list.
    ...Object.values(settingsPages).map((k): PageEntry => ({ path: k.node, access: `project.${k.node}.read` })),
    // Lottery activities (issue 25, h-lottery).
    { path: 'lotteryActivityConfiguration', access: 'project.lotteryActivityConfiguration.read' },
    // Staff sign-in rules (issue 25, h-signin).
    { path: 'SignInRules', access: 'project.SignInRules.read' },
  ],
});
