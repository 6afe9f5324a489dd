import { UserOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** Personal center: any signed-in user, under /person (/person → /person/index, spec 2.2). */
export const PERSON_BASE = '/person';

export const personRoutes: AppRoute[] = [
  {
    path: 'index',
    title: { zh: '个人中心', en: 'Personal center' },
    icon: <UserOutlined />,
    component: lazyPage(() => import('./PersonPage')),
  },
];
