import { ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { customerKind, storeKind } from '@crm/shared';
import type { CrmKind } from './types';

/**
 * The record kinds of the CRM area, in menu order. Adding a kind is one entry here (plus its
 * descriptor in packages/shared and its server module); its own widgets go into the slots.
 */
export const crmKinds: CrmKind[] = [
  { descriptor: customerKind, prefix: 'CrmCustomer', path: 'customer', icon: <TeamOutlined /> },
  { descriptor: storeKind, prefix: 'CrmStore', path: 'store', icon: <ShopOutlined /> },
];

export const crmKindByKey = (key: string): CrmKind | undefined => crmKinds.find((k) => k.descriptor.key === key);
