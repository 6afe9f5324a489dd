import { HomeOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** 住院管理 (issue 23, h-ward): the bed board, admissions and discharges. */
export const wardStationRoutes: AppRoute[] = [
  {
    path: 'isHospitalized',
    title: { zh: '住院管理', en: 'Inpatients' },
    icon: <HomeOutlined />,
    access: 'oa.workflow.isHospitalized',
    component: lazyPage(() => import('./ward/WardPage')),
  },
];
