import { CommentOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** The consultation room (面诊室, h-witness). */
export const witnessStationRoutes: AppRoute[] = [
  {
    path: 'witness',
    title: { zh: '面诊室', en: 'Consultation room' },
    icon: <CommentOutlined />,
    access: 'oa.workflow.witness',
    component: lazyPage(() => import('./witness/WitnessPage')),
  },
];
