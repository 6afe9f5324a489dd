import { MedicineBoxOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute, TopRoute } from '@/shell/route-types';

/** The visit stations of 流程 (issue 23: triage, photograph, witness, …). */
export const visitStationRoutes: AppRoute[] = [
  {
    path: 'triage',
    title: { zh: '分诊台', en: 'Triage desk' },
    icon: <MedicineBoxOutlined />,
    access: 'oa.workflow.triage',
    component: lazyPage(() => import('./triage/TriagePage')),
  },
];

/** The visit workflow's top-level pages (/Booking_management, /record, /customer, /entryDetails). */
export const visitTopRoutes: TopRoute[] = [
  {
    path: '/Booking_management',
    title: { zh: '预约管理', en: 'Appointments' },
    access: 'oa.booking.read',
    component: lazyPage(() => import('@/booking/BookingPage')),
    wide: true, // The booking board needs a large screen (issue 26 item 7, h-phone).
  },
];
