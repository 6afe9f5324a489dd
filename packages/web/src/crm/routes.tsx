import { CloudOutlined, ContactsOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea, AppRoute, QuickAddEntry } from '@/shell/route-types';
import { crmKinds } from './kinds';
import type { CrmKind } from './types';

/** A kind's list and detail pages, each its own chunk, bound to the kind. */
function kindRoutes(kind: CrmKind): AppRoute[] {
  const d = kind.descriptor;
  const realm = d.permission.replace(/:/g, '.');
  return [
    {
      path: kind.path,
      title: { zh: d.name, en: d.nameEn },
      icon: kind.icon,
      access: `${realm}.index`,
      badge: kind.badge,
      component: lazyPage(() =>
        import('./list/RecordListPage').then((m) => ({
          default: function KindListPage() {
            return <m.RecordListPage kind={kind} />;
          },
        })),
      ),
    },
    {
      path: `${kind.path}/:id`,
      title: { zh: `${d.name}详情`, en: `${d.nameEn} detail` },
      access: `${realm}.read`,
      hidden: true,
      component: lazyPage(() =>
        import('./detail/RecordDetailPage').then((m) => ({
          default: function KindDetailPage() {
            return <m.RecordDetailPage kind={kind} />;
          },
        })),
      ),
    },
  ];
}

/** Spec 2.3 / 6: the CRM sidebar's quick-create (customer with crm.customer.save), opening the list's form. */
const quickAdd: QuickAddEntry[] = crmKinds.map((k) => ({
  key: k.descriptor.key,
  title: { zh: k.descriptor.name, en: k.descriptor.nameEn },
  icon: k.icon,
  access: k.quickAddAccess ?? `${k.descriptor.permission.replace(/:/g, '.')}.save`,
  to: `/crm/${k.path}?create=1`,
}));

/** 客户管理 (spec 2.3 /crm): shown to anyone holding a `crm` permission; one list and detail per kind. */
export const crmArea: AppArea = {
  key: 'crm',
  path: '/crm',
  title: { zh: '客户管理', en: 'CRM' },
  icon: <ContactsOutlined />,
  access: 'crm',
  quickAdd,
  routes: [
    ...crmKinds.flatMap(kindRoutes),
    {
      path: 'pool',
      title: { zh: '公海', en: 'Customer pool' },
      icon: <CloudOutlined />,
      access: 'crm.pool.index',
      component: lazyPage(() => import('./pool/PoolPage')),
    },
  ],
};
