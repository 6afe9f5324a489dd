import { z } from 'zod';
import { noData } from './common.ts';
import { planPageResponse } from './contract.ts';
import { recordPageResponse } from './records.ts';

/**
 * The answers of the last original-client calls of issue 20 (docs/api.md "Aliases": the CRM and
 * the organisation/settings rest), by path; spread into `responseContracts`.
 */
/** `system/message/queryImportNum`: rows handled so far; null once the job has ended. */
export const importNumResponse = z.number().int().nullable();
/** `system/message/queryImportInfo` (at the top level too): rows in the file and rows refused. */
export const importInfoResponse = z.object({ totalSize: z.number().int(), errSize: z.number().int() });

export const originalRestContracts = {
  '/CrmRecord/deleteFollowRecord': noData,
  '/CrmBackLog/setLeadsFollowup': noData,
  '/CrmBackLog/setCustomerFollowup': noData,
  '/CrmBackLog/remindReceivables': planPageResponse,
  '/CrmBackLog/putInPoolRemind': recordPageResponse,
  '/system/message/queryImportNum': importNumResponse,
  '/system/message/queryImportInfo': importInfoResponse,
};
