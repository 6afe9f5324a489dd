import { AuditOutlined, DesktopOutlined, HomeOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea } from '@/shell/route-types';

/** Workbench (spec 2.3): shown to anyone holding an `oa` permission. Pages join as they are built. */
export const workbenchArea: AppArea = {
  key: 'workbench',
  path: '/workbench',
  title: { zh: '工作台', en: 'Workbench' },
  icon: <DesktopOutlined />,
  access: 'oa',
  routes: [
    {
      path: 'index',
      title: { zh: '工作台首页', en: 'Home' },
      icon: <HomeOutlined />,
      component: lazyPage(() => import('./home/HomePage')),
      badge: 'oaTodo',
    },
    {
      path: 'examine',
      title: { zh: '审批', en: 'Approvals' },
      icon: <AuditOutlined />,
      access: 'oa.examine.use',
      component: lazyPage(() => import('./examine/ExaminePage')),
      badge: 'oaExamine',
    },
  ],
};
