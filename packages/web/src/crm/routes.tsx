import {
  AccountBookOutlined,
  AppstoreOutlined,
  CloudOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FundOutlined,
  PhoneOutlined,
  ShopOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { lazyPage } from '@/shell/lazy';
import type { AreaViews, PageView, QuickAddEntry } from '@/shell/route-types';
import type { crmArea } from './area';
import { type KindMenuEntry, kindMenu } from './kind-menu';
import type { CrmKind } from './types';

/** Each kind's menu icon, by its key (`kind-menu.test.ts` holds them equal to the kinds'). */
export const kindIcons: Record<string, ReactNode> = {
  customer: <TeamOutlined />,
  store: <ShopOutlined />,
  product: <AppstoreOutlined />,
  business: <FundOutlined />,
  contract: <FileDoneOutlined />,
  receivables: <AccountBookOutlined />,
  leads: <UserAddOutlined />,
  contacts: <ContactsOutlined />,
};

/** The kind itself (descriptor, schemas, widgets) loads with its page, not with the menu. */
async function kindOf(key: string): Promise<CrmKind> {
  const { crmKindByKey } = await import('./kinds');
  const kind = crmKindByKey(key);
  if (!kind) throw new Error(`unknown CRM kind ${key}`);
  return kind;
}

/** A kind's list and detail pages (./area.tsx gives their addresses), each its own chunk, bound to the kind. */
function kindViews(entry: KindMenuEntry): [string, PageView][] {
  return [
    [
      entry.path,
      {
        title: { zh: entry.name, en: entry.nameEn },
        icon: kindIcons[entry.key],
        badge: entry.badge,
        component: lazyPage(() =>
          Promise.all([import('./list/RecordListPage'), kindOf(entry.key)]).then(([m, kind]) => ({
            default: function KindListPage() {
              return <m.RecordListPage kind={kind} />;
            },
          })),
        ),
      },
    ],
    [
      `${entry.path}/:id`,
      {
        title: { zh: `${entry.name}详情`, en: `${entry.nameEn} detail` },
        component: lazyPage(() =>
          Promise.all([import('./detail/RecordDetailPage'), kindOf(entry.key)]).then(([m, kind]) => ({
            default: function KindDetailPage() {
              return <m.RecordDetailPage kind={kind} />;
            },
          })),
        ),
      },
    ],
  ];
}

/** Spec 2.3 / 6: the CRM sidebar's quick-create (customer with crm.customer.save), opening the list's form. */
const quickAdd: QuickAddEntry[] = kindMenu.map((k) => ({
  key: k.key,
  title: { zh: k.name, en: k.nameEn },
  icon: kindIcons[k.key],
  access: k.quickAddAccess ?? `${k.permission.replace(/:/g, '.')}.save`,
  to: `/crm/${k.path}?create=1`,
}));

/** The CRM menu and pages (./area.tsx lists them with their permissions), loaded when the area opens. */
export const crmViews: AreaViews<typeof crmArea> = {
  quickAdd,
  pages: {
    workbench: {
      title: { zh: '客户工作台', en: 'CRM home' },
      icon: <DashboardOutlined />,
      component: lazyPage(() => import('./workbench/CrmHomePage')),
    },
    ...Object.fromEntries(kindMenu.flatMap(kindViews)),
    pool: {
      title: { zh: '公海', en: 'Customer pool' },
      icon: <CloudOutlined />,
      component: lazyPage(() => import('./pool/PoolPage')),
    },
    make: {
      title: { zh: '成交查询', en: 'Closed deals' },
      icon: <FileDoneOutlined />,
      component: lazyPage(() => import('./make/MakePage')),
    },
    screening: {
      title: { zh: '客户查重', en: 'Duplicate check' },
      icon: <FileSearchOutlined />,
      component: lazyPage(() => import('./screening/ScreeningPage')),
    },
    callCentre: {
      title: { zh: '呼叫中心', en: 'Call centre' },
      icon: <PhoneOutlined />,
      component: lazyPage(() => import('./call-centre/CallCentrePage')),
    },
  },
};
