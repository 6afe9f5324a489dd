import {
  CloudOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea, AppRoute, QuickAddEntry } from '@/shell/route-types';
import { type KindMenuEntry, kindMenu } from './kind-menu';
import type { CrmKind } from './types';

/** The kind itself (descriptor, schemas, widgets) loads with its page, not with the menu. */
async function kindOf(key: string): Promise<CrmKind> {
  const { crmKindByKey } = await import('./kinds');
  const kind = crmKindByKey(key);
  if (!kind) throw new Error(`unknown CRM kind ${key}`);
  return kind;
}

/** A kind's list and detail pages, each its own chunk, bound to the kind. */
function kindRoutes(entry: KindMenuEntry): AppRoute[] {
  const realm = entry.permission.replace(/:/g, '.');
  return [
    {
      path: entry.path,
      title: { zh: entry.name, en: entry.nameEn },
      icon: entry.icon,
      access: `${realm}.index`,
      badge: entry.badge,
      component: lazyPage(() =>
        Promise.all([import('./list/RecordListPage'), kindOf(entry.key)]).then(([m, kind]) => ({
          default: function KindListPage() {
            return <m.RecordListPage kind={kind} />;
          },
        })),
      ),
    },
    {
      path: `${entry.path}/:id`,
      title: { zh: `${entry.name}详情`, en: `${entry.nameEn} detail` },
      access: `${realm}.read`,
      hidden: true,
      component: lazyPage(() =>
        Promise.all([import('./detail/RecordDetailPage'), kindOf(entry.key)]).then(([m, kind]) => ({
          default: function KindDetailPage() {
            return <m.RecordDetailPage kind={kind} />;
          },
        })),
      ),
    },
  ];
}

/** Spec 2.3 / 6: the CRM sidebar's quick-create (customer with crm.customer.save), opening the list's form. */
const quickAdd: QuickAddEntry[] = kindMenu.map((k) => ({
  key: k.key,
  title: { zh: k.name, en: k.nameEn },
  icon: k.icon,
  access: k.quickAddAccess ?? `${k.permission.replace(/:/g, '.')}.save`,
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
    // CRM home (issue 25, h-crmwb): spec 2.3 "/crm (default /crm/workbench)", so it stays first.
    {
      path: 'workbench',
      title: { zh: '客户工作台', en: 'CRM home' },
      icon: <DashboardOutlined />,
      access: 'crm',
      component: lazyPage(() => import('./workbench/CrmHomePage')),
    },
    ...kindMenu.flatMap(kindRoutes),
    {
      path: 'pool',
      title: { zh: '公海', en: 'Customer pool' },
      icon: <CloudOutlined />,
      access: 'crm.pool.index',
      component: lazyPage(() => import('./pool/PoolPage')),
    },
    // 成交查询 (spec 2.3 /crm/make, h-convert): the deals of my and my subordinates' customers.
    {
      path: 'make',
      title: { zh: '成交查询', en: 'Closed deals' },
      icon: <FileDoneOutlined />,
      access: 'crm.customer.index',
      component: lazyPage(() => import('./make/MakePage')),
    },
    // 客户查重 (issue 25, h-screening): spec 2.3 /crm/screening.
    {
      path: 'screening',
      title: { zh: '客户查重', en: 'Duplicate check' },
      icon: <FileSearchOutlined />,
      access: 'crm.screening.read',
      component: lazyPage(() => import('./screening/ScreeningPage')),
    },
    // The call centre (issue 25, h-call): the call log, my extension, extensions and the provider.
    {
      path: 'callCentre',
      title: { zh: '呼叫中心', en: 'Call centre' },
      icon: <PhoneOutlined />,
      access: 'crm.call',
      component: lazyPage(() => import('./call-centre/CallCentrePage')),
    },
  ],
};
