import { BarChartOutlined } from '@ant-design/icons';
import { biPages } from '@crm/shared';
import { lazyPage } from '@/shell/lazy';
import type { AppArea } from '@/shell/route-types';

/**
 * 商业智能 (spec 2.3 /bi, default customerTotal): one page per analysis group of shared `biPages`,
 * each shown with its group's `bi.<group>.read`. All pages are one lazy chunk with ECharts, so
 * no other page loads it.
 */
// Every page is the one analysis page, which reads its page from the address.
const BiRoute = lazyPage(() => import('./AnalysisPage'));
// The wall screen's links (h-rfm): who may open /largeScreen.
const ScreenLinksRoute = lazyPage(() => import('./screen/ScreenLinksPage'));

export const biArea: AppArea = {
  key: 'bi',
  path: '/bi',
  title: { zh: '商业智能', en: 'Statistics' },
  icon: <BarChartOutlined />,
  access: 'bi',
  wide: true, // Charts and wide tables need a large screen (issue 26 item 7, h-phone).
  routes: [
    ...biPages.map((page) => ({
      path: page.path,
      title: { zh: page.title, en: page.titleEn },
      access: `bi.${page.group}.read`,
      component: BiRoute,
    })),
    // h-rfm: the wall screen's links.
    {
      path: 'screenLinks',
      title: { zh: '数据大屏', en: 'Wall screen' },
      access: 'bi.screen.manage',
      component: ScreenLinksRoute,
    },
  ],
};
