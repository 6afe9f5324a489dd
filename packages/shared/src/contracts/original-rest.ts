import { noData } from './common.ts';
import { planPageResponse } from './contract.ts';
import { recordPageResponse } from './records.ts';

/**
 * The answers of the last original-client calls of issue 20 (docs/api.md "Aliases": the CRM and
 * the organisation/settings rest), by path; spread into `responseContracts`.
 */
export const originalRestContracts = {
  '/CrmRecord/deleteFollowRecord': noData,
  '/CrmBackLog/setLeadsFollowup': noData,
  '/CrmBackLog/setCustomerFollowup': noData,
  '/CrmBackLog/remindReceivables': planPageResponse,
  '/CrmBackLog/putInPoolRemind': recordPageResponse,
};
