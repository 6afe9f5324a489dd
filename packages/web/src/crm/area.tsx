import { ContactsOutlined } from '@ant-design/icons';
import { defineArea, type PageEntry } from '@/shell/route-types';
import { type KindMenuEntry, kindMenu } from './kind-menu';

/** A kind's list and detail pages. */
const kindPages = (entry: KindMenuEntry): PageEntry[] => {
  const realm = entry.permission.replace(/:/g, '.');
  return [
    { path: entry.path, access: `${realm}.index` },
    { path: `${entry.path}/:id`, access: `${realm}.read`, hidden: true },
  ];
};

/**
 * 客户管理 (spec 2.3 /crm): shown to anyone holding a `crm` permission; one list and detail per
 * kind. Each page's title, icon and component are in ./routes.tsx, loaded when the area opens.
 */
export const crmArea = defineArea({
  key: 'crm',
  path: '/crm',
  title: { zh: '客户管理', en: 'CRM' },
  icon: <ContactsOutlined />,
  access: 'crm',
  routes: [
    // CRM home (issue 25, h-crmwb): spec 2.3 "/crm (default /crm/workbench)", so it stays first.
    { path: 'workbench', access: 'crm' },
    ...kindMenu.flatMap(kindPages),
    { path: 'pool', access: 'crm.pool.index' },
    // 成交查询 (spec 2.3 /crm/make, h-convert): the deals of my and my subordinates' customers.
    { path: 'make', access: 'crm.customer.index' },
    // 客户查重 (issue 25, h-screening): spec 2.3 /crm/screening.
    { path: 'screening', access: 'crm.screening.read' },
    // The call centre (issue 25, h-call): the call log, my extension, extensions and the provider.
    { path: 'callCentre', access: 'crm.call' },
  ],
});
