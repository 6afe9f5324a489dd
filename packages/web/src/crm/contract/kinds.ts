import { kindBase } from '../kind-base';
import type { CrmKind } from '../types';

/**
 * The contract and receivable kinds with their laid-out forms (issue 27, h-rform): kinds.tsx gives
 * them their slots; the related tabs (a customer's, an opportunity's, a contract's) create
 * records of them through the same forms, with a preset.
 */
export const contractEntry: CrmKind = { ...kindBase('contract')!, form: () => import('./form') };
export const receivablesEntry: CrmKind = { ...kindBase('receivables')!, form: () => import('./receivables-form') };
