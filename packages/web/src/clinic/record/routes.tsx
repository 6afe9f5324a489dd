import { lazyPage } from '@/shell/lazy';
import type { TopRoute } from '@/shell/route-types';

/**
 * The visit list (/record), one visit's story (/entryDetails?visitId=) and the customer archive
 * (/customer?customerId=), issue 23. The story and the archive are read as the customer is, so
 * whoever reads customers opens them (the stations link to them too).
 */
export const recordTopRoutes: TopRoute[] = [
  {
    path: '/record',
    title: { zh: '到院记录', en: 'Visit records' },
    access: 'oa.record.read',
    component: lazyPage(() => import('./RecordPage')),
  },
  {
    path: '/entryDetails',
    title: { zh: '到院详情', en: 'Visit details' },
    access: 'crm.customer.read',
    component: lazyPage(() => import('./EntryDetailsPage')),
  },
  {
    path: '/customer',
    title: { zh: '顾客档案', en: 'Customer archive' },
    access: 'crm.customer.read',
    component: lazyPage(() => import('./CustomerArchivePage')),
  },
];
