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
  // Declaration forms (issue 25, h-decl): open declaration tasks I still have to submit.
  'declarationNum',
] as const;
export type CrmBacklogKey = (typeof crmBacklogKeys)[number];
export type OaBacklogKey = (typeof oaBacklogKeys)[number];
