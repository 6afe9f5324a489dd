import { HeartOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** The nurses' station of 流程 (issue 23). */
export const nurseStationRoutes: AppRoute[] = [
  {
    path: 'nursesStation',
    title: { zh: '护士站', en: "Nurses' station" },
    icon: <HeartOutlined />,
    access: 'oa.workflow.nursesStation',
    component: lazyPage(() => import('./nurse/NursePage')),
  },
];
