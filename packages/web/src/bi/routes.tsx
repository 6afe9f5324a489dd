import { biPages } from '@crm/shared';
import { lazyPage } from '@/shell/lazy';
import type { AreaViews, PageView } from '@/shell/route-types';
import type { biArea } from './area';

// Every analysis page is the one analysis chunk with ECharts, which reads its page from the
// address, so no other page loads ECharts.
const BiRoute = lazyPage(() => import('./AnalysisPage'));
// The wall screen's links (h-rfm): who may open /largeScreen.
const ScreenLinksRoute = lazyPage(() => import('./screen/ScreenLinksPage'));

/** The statistics' menu and pages (./area.tsx lists them with their permissions), loaded when the area opens. */
export const biViews: AreaViews<typeof biArea> = {
  pages: {
    ...Object.fromEntries(
      biPages.map((page): [string, PageView] => [
        page.path,
        { title: { zh: page.title, en: page.titleEn }, component: BiRoute },
      ]),
    ),
    screenLinks: { title: { zh: '数据大屏', en: 'Wall screen' }, component: ScreenLinksRoute },
  },
};
