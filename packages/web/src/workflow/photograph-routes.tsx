import { CameraOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** The photograph room of 流程 (issue 23, h-photo). */
export const photographStationRoutes: AppRoute[] = [
  {
    path: 'photograph',
    title: { zh: '拍照室', en: 'Photo room' },
    icon: <CameraOutlined />,
    access: 'oa.workflow.photograph',
    component: lazyPage(() => import('./photograph/PhotographPage')),
  },
];
