import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The agency-task calls (docs/api/agency.md); answers typed by the shared contracts. */
export type { AgencyRow } from '@crm/shared';

export type AgencyFilter = {
  type: 1 | 2;
  status: number;
  typeCode: number;
  marked: boolean;
  search: string;
  page: number;
  limit: number;
};

export const agencyApi = {
  page: (f: AgencyFilter) => call('/CrmCustumerAgency/findPage', f),
  saveList: (body: Input<'/CrmCustumerAgency/saveList'>) => call('/CrmCustumerAgency/saveList', body, { json: true }),
  accept: (agencyId: number) => call('/CrmCustumerAgency/accept', { agencyId }),
  acceptAll: () => call('/CrmCustumerAgency/acceptAllToBeAcceptedAgent'),
  revoke: (agencyId: number) => call('/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId }),
  mark: (agencyId: number, marked: boolean) => call('/CrmCustumerAgency/markById', { agencyId, marked }),
  complete: (agencyId: number, result: string) =>
    call('/CrmCustumerAgency/completeTheTaskDetail', { agencyId, result }),
};

export const agencyKeys = { all: ['agency'] as const, page: (f: AgencyFilter) => ['agency', 'page', f] as const };
