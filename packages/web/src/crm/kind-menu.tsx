import {
  AccountBookOutlined,
  AppstoreOutlined,
  ContactsOutlined,
  FileDoneOutlined,
  FundOutlined,
  ShopOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { BadgeSource } from '@/shell/route-types';

/**
 * What the CRM menu, routes and quick-create need of each kind, in menu order: names, address,
 * permission, icon. Kept apart from the kinds themselves (crm/kinds.tsx, with the shared
 * descriptors, their schemas and widgets), which load with the first CRM page, not with the
 * signed-in shell (the first-load budget). `kind-menu.test.ts` holds the two lists equal.
 */
export type KindMenuEntry = {
  key: string;
  name: string;
  nameEn: string;
  /** The descriptor's permission (`crm:customer`). */
  permission: string;
  path: string;
  icon: ReactNode;
  badge?: BadgeSource;
  quickAddAccess?: string;
};

export const kindMenu: KindMenuEntry[] = [
  {
    key: 'customer',
    name: '客户',
    nameEn: 'Customer',
    permission: 'crm:customer',
    path: 'customer',
    icon: <TeamOutlined />,
    // Spec 3.6: the customers' to-dos (follow-up due today, never followed up) on the CRM menu.
    badge: 'crmTodo',
  },
  {
    key: 'store',
    name: '门店',
    nameEn: 'Shop',
    permission: 'crm:store',
    path: 'store',
    icon: <ShopOutlined />,
    // Spec 6: the quick-create of a store asks for crm.product.save.
    quickAddAccess: 'crm.product.save',
  },
  {
    key: 'product',
    name: '产品',
    nameEn: 'Product',
    permission: 'crm:product',
    path: 'product',
    icon: <AppstoreOutlined />,
  },
  {
    key: 'business',
    name: '商机',
    nameEn: 'Opportunity',
    permission: 'crm:business',
    path: 'business',
    icon: <FundOutlined />,
  },
  {
    key: 'contract',
    name: '合同',
    nameEn: 'Contract',
    permission: 'crm:contract',
    path: 'contract',
    icon: <FileDoneOutlined />,
  },
  {
    key: 'receivables',
    name: '回款',
    nameEn: 'Receivable',
    permission: 'crm:receivables',
    path: 'receivables',
    icon: <AccountBookOutlined />,
  },
  { key: 'leads', name: '线索', nameEn: 'Lead', permission: 'crm:leads', path: 'leads', icon: <UserAddOutlined /> },
  {
    key: 'contacts',
    name: '联系人',
    nameEn: 'Contact',
    permission: 'crm:contacts',
    path: 'contacts',
    icon: <ContactsOutlined />,
  },
];
