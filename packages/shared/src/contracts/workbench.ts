import { z } from 'zod';

/** The to-do counts of the spec, per area (`POST /CrmBackLog/num`, `POST /OaBackLog/num`). */
export const crmBacklogKeys = [
  'todayCustomer',
  'followLeads',
  'followCustomer',
  'checkContract',
  'checkReceivables',
  'remindReceivablesPlan',
  'endContract',
] as const;
/** `agencyNum` (agency tasks waiting for me to accept) is ours, after the spec's six (docs/api/workbench.md). */
export const oaBacklogKeys = [
  'eventNum',
  'taskNum',
  'announcementNum',
  'logNum',
  'examineNum',
  'shoufei',
  'agencyNum',
] as const;
export type CrmBacklogKey = (typeof crmBacklogKeys)[number];
export type OaBacklogKey = (typeof oaBacklogKeys)[number];

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** CRM answers the sum of its counts as `totalNum` too. */
export const crmBacklogResponse = counts(crmBacklogKeys).extend({ totalNum: z.number().int() });
export type CrmCounts = z.infer<typeof crmBacklogResponse>;
export const oaBacklogResponse = counts(oaBacklogKeys);
export type OaCounts = z.infer<typeof oaBacklogResponse>;
