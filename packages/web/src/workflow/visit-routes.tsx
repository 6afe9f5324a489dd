import { lazyPage } from '@/shell/lazy';
import type { TopRoute } from '@/shell/route-types';

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
