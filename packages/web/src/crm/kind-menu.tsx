import type { BadgeSource } from '@/shell/route-types';

/**
 * What the CRM menu, routes and quick-create need of each kind, in menu order: names, address,
 * permission. Kept apart from the kinds themselves (crm/kinds.tsx, with the shared descriptors,
 * their schemas and widgets), which load with the first CRM page, not with the signed-in shell
 * (the first-load budget); the icons come with the CRM menu (crm/routes.tsx `kindIcons`).
 * `kind-menu.test.ts` holds the lists equal.
 */
export type KindMenuEntry = {
  key: string;
  name: string;
  nameEn: string;
  /** The descriptor's permission (`crm:customer`). */
  permission: string;
  path: string;
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
    // Spec 3.6: the customers' to-dos (follow-up due today, never followed up) on the CRM menu.
    badge: 'crmTodo',
  },
  {
    key: 'store',
    name: '门店',
    nameEn: 'Shop',
    permission: 'crm:store',
    path: 'store',
    // Spec 6: the quick-create of a store asks for crm.product.save.
    quickAddAccess: 'crm.product.save',
  },
  {
    key: 'product',
    name: '产品',
    nameEn: 'Product',
    permission: 'crm:product',
    path: 'product',
  },
  {
    key: 'business',
    name: '商机',
    nameEn: 'Opportunity',
    permission: 'crm:business',
    path: 'business',
  },
  {
    key: 'contract',
    name: '合同',
    nameEn: 'Contract',
    permission: 'crm:contract',
    path: 'contract',
  },
  {
    key: 'receivables',
    name: '回款',
    nameEn: 'Receivable',
    permission: 'crm:receivables',
    path: 'receivables',
  },
  { key: 'leads', name: '线索', nameEn: 'Lead', permission: 'crm:leads', path: 'leads' },
  {
    key: 'contacts',
    name: '联系人',
    nameEn: 'Contact',
    permission: 'crm:contacts',
    path: 'contacts',
  },
];
