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
// The contract and receivable forms as laid-out forms (issue 27, h-rform).
export * from './layouts/contract.ts';
export * from './layouts/customer.ts';
export * from './layouts/receivables.ts';
export * from './layouts/store.ts';
export * from './leads.ts';
export * from './original.ts';
export * from './original-calls.ts';
export * from './original-rest.ts';
export * from './pool.ts';
export * from './product.ts';
export * from './product-lines.ts';
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

/**
 * The kinds others link to (issue 27): every declaration with `link`, the one list the web's
 * relation widgets and the designer's type names read (the server reads its registered kinds'
 * `link`). A kind joins by declaring `link`; nothing else names it.
 */
export const linkableKinds: readonly RecordKind[] = recordKinds.filter((k) => k.link);

/** The kind a field of this form type links to. */
export const linkedKindOf = (formType: string): RecordKind | undefined =>
  linkableKinds.find((k) => k.link?.formType === formType);

/** The prefix of a linkable kind's calls (its picker's list and detail): `Crm<Key>` unless declared. */
export const linkPrefixOf = (kind: RecordKind): string =>
  kind.link?.prefix ?? `Crm${kind.key[0]!.toUpperCase()}${kind.key.slice(1)}`;
