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
