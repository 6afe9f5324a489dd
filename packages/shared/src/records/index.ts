import { businessKind } from './business.ts';
import { contactsKind } from './contacts.ts';
import { contractKind, receivablesKind } from './contract.ts';
import { customerKind } from './customer.ts';
import type { ModuleCode, RecordKind } from './kind.ts';
import { leadsKind } from './leads.ts';
import { productKind } from './product.ts';
import { storeKind } from './store.ts';

export * from './business.ts';
export * from './business-contacts.ts';
export * from './contacts.ts';
export * from './contract.ts';
export * from './crm-settings.ts';
// CRM home figures (issue 25, h-crmwb).
export * from './crm-workbench.ts';
export * from './customer.ts';
export * from './customer-calls.ts';
export * from './customer-save.ts';
export * from './derive.ts';
export * from './excel.ts';
export * from './field-calls.ts';
// Form layouts (issue 27, h-layout): a kind's form in sections, rendered by the web's generic form.
export * from './form-layout.ts';
export * from './kind.ts';
export * from './layouts/customer.ts';
export * from './layouts/store.ts';
export * from './leads.ts';
export * from './original.ts';
export * from './original-calls.ts';
export * from './original-rest.ts';
export * from './pool.ts';
export * from './product.ts';
export * from './product-lines.ts';
export * from './receivable-links.ts';
export * from './schemas.ts';
// 客户查重 (issue 25, h-screening).
export * from './screening.ts';
export * from './store.ts';

/**
 * Every record kind that exists. A kind joins this list with its table and its screens (the
 * next CRM issue adds leads, contacts, opportunities, products, contracts and receivables).
 */
export const recordKinds: readonly RecordKind[] = [
  customerKind,
  storeKind,
  productKind,
  businessKind,
  contractKind,
  receivablesKind,
  leadsKind,
  contactsKind,
];

const byKey = new Map(recordKinds.map((k) => [k.key, k]));
const byLabel = new Map<number, RecordKind>(recordKinds.map((k) => [k.label, k]));

export const recordKindByKey = (key: string): RecordKind | undefined => byKey.get(key);
export const recordKindByLabel = (label: ModuleCode | number): RecordKind | undefined => byLabel.get(label);

/** The kind reviewed on the approval engine under a flow call's `categoryType` (1 contracts, 2 receivables). */
export const reviewedKindOf = (categoryType: number): RecordKind | undefined =>
  recordKinds.find((k) => k.review?.categoryType === categoryType);
