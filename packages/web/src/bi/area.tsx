import { BarChartOutlined } from '@ant-design/icons';
import { biPages } from '@crm/shared';
import { defineArea } from '@/shell/route-types';

/**
 * 商业智能 (spec 2.3 /bi, default customerTotal): one page per analysis page of shared `biPages`,
 * each shown with its group's `bi.<group>.read`. Titles and components are in ./routes.tsx.
 */
export const biArea = defineArea({
  key: 'bi',
  path: '/bi',
  title: { zh: '商业智能', en: 'Statistics' },
  icon: <BarChartOutlined />,
  access: 'bi',
  wide: true, // Charts and wide tables need a large screen (issue 26 item 7, h-phone).
  routes: [
    ...biPages.map((page) => ({ path: page.path, access: `bi.${page.group}.read` })),
    // h-rfm: the wall screen's links.
    { path: 'screenLinks', access: 'bi.screen.manage' },
  ],
});
