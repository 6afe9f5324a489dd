import { ApartmentOutlined, AppstoreOutlined, SwapOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** The project catalogue's pages (/project/index, partConfig, convertClass), each loaded on first visit. */
export const catalogueRoutes: AppRoute[] = [
  {
    path: 'index',
    title: { zh: '项目', en: 'Projects' },
    icon: <AppstoreOutlined />,
    access: 'project.index.read',
    component: lazyPage(() => import('./catalogue/CataloguePage')),
  },
  {
    path: 'partConfig',
    title: { zh: '部位', en: 'Body parts' },
    icon: <ApartmentOutlined />,
    access: 'project.partConfig.read',
    component: lazyPage(() => import('./parts/PartsPage')),
  },
  {
    path: 'convertClass',
    title: { zh: '转换类别', en: 'Conversion classes' },
    icon: <SwapOutlined />,
    access: 'project.convertClass.read',
    component: lazyPage(() => import('./convert-class/ConvertClassPage')),
  },
];
