import { TeamOutlined } from '@ant-design/icons';
import { customerKind } from '@crm/shared';
import type { CrmKind } from './types';

const yesNo = { 是: true, 否: false };

/**
 * The record kinds of the CRM area, in menu order. Adding a kind is one entry here (plus its
 * descriptor in packages/shared and its server module); its own widgets go into the slots.
 * A kind is listed once its server calls answer: shops join with their `/Store` calls and form.
 */
export const crmKinds: CrmKind[] = [
  {
    descriptor: customerKind,
    prefix: 'CrmCustomer',
    path: 'customer',
    icon: <TeamOutlined />,
    fixedCodes: { gender: { 男: 1, 女: 2 }, hasOldCustomer: yesNo, hasSign: yesNo },
  },
];

export const crmKindByKey = (key: string): CrmKind | undefined => crmKinds.find((k) => k.descriptor.key === key);
