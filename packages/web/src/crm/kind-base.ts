import {
  businessKind,
  contactsKind,
  contractKind,
  customerKind,
  leadsKind,
  productKind,
  type RecordKind,
  receivablesKind,
  storeKind,
} from '@crm/shared';
import { kindMenu } from './kind-menu';
import type { CrmKind } from './types';

/**
 * Each CRM kind on the web without its own widgets: descriptor, calls, address and badge
 * (kind-menu.tsx; the icons come with the CRM menu, crm/routes.tsx). A kind's widgets that show or create records of another kind (a customer's
 * contacts, an opportunity's contracts) read that kind here, not from kinds.tsx, which lazily
 * imports those widgets: no import loop (issue 27). kinds.tsx adds each kind's slots to these.
 */
type OwnCalls = Pick<CrmKind, 'prefix' | 'saveCall' | 'productLines' | 'editable'> & { descriptor: RecordKind };

const calls: Record<string, OwnCalls> = {
  customer: { descriptor: customerKind, prefix: 'CrmCustomer' },
  store: { descriptor: storeKind, prefix: 'api/Store' },
  product: { descriptor: productKind, prefix: 'CrmProduct', saveCall: 'saveAndUpdate' },
  business: {
    descriptor: businessKind,
    prefix: 'CrmBusiness',
    productLines: { call: 'queryProduct', idParam: 'businessId' },
  },
  contract: {
    descriptor: contractKind,
    prefix: 'CrmContract',
    productLines: { call: 'qureyProductListByContractId', idParam: 'contractId' },
  },
  receivables: { descriptor: receivablesKind, prefix: 'CrmReceivables' },
  // A converted lead is kept as it was (the server refuses edits too).
  leads: { descriptor: leadsKind, prefix: 'CrmLeads', editable: (record) => !record.isTransform },
  contacts: { descriptor: contactsKind, prefix: 'CrmContacts' },
};

/** The kinds in menu order, each with its menu entry's address, badge and quick-create permission. */
export const kindBases: readonly CrmKind[] = kindMenu.map((m) => {
  const own = calls[m.key];
  if (!own) throw new Error(`CRM kind ${m.key} has no calls in kind-base.ts`);
  return {
    ...own,
    path: m.path,
    ...(m.badge ? { badge: m.badge } : {}),
    ...(m.quickAddAccess ? { quickAddAccess: m.quickAddAccess } : {}),
  };
});

/** A kind by its descriptor's key, without its widgets (undefined: no such kind on the web). */
export const kindBase = (key: string): CrmKind | undefined => kindBases.find((k) => k.descriptor.key === key);
