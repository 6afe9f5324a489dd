import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The nurses' station's calls (docs/clinic-visits.md "The nurses' station"). Money in answers is fen. */

const json = { json: true };

export type StaffRow = { userId: number; role: string; share: number };

export const nurseApi = {
  queue: (storeId: number) => call('/clinic/nurse/queue', { storeId }, json),
  customers: (search: string) => call('/clinic/nurse/customers', { search }, json),
  staff: (deptId: number) => call('/clinic/nurse/staff', { deptId }, json),
  start: (visitId: number) => call('/clinic/visit/startTreatment', { visitId }, json),
  finish: (visitId: number) => call('/clinic/visit/finishTreatment', { visitId }, json),
  // The dialog shows the refusal beside the staff it is about.
  verify: (body: Input<'/CrmCustomerProjectDealRecord/verificationById'>) =>
    call('/CrmCustomerProjectDealRecord/verificationById', body, { json: true, silent: true }),
  undo: (treatmentId: number) => call('/clinic/nurse/undo', { treatmentId }, json),
};

export const nurseKeys = {
  all: ['workflow', 'nurse'] as const,
  queue: (storeId: number) => ['workflow', 'nurse', 'queue', storeId] as const,
  customers: (search: string) => ['workflow', 'nurse', 'customers', search] as const,
  staff: (deptId: number) => ['workflow', 'nurse', 'staff', deptId] as const,
};
