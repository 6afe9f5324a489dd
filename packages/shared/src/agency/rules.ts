/**
 * Agency tasks (回访任务, `CrmCustumerAgency/*`): work about one customer that an assigner hands to
 * an advisor, who accepts it, may mark it, and completes it with a result; the assigner may
 * revoke it until it is done. Pure, so the server enforces exactly what the pages offer.
 */

export const AgencyStatus = { toAccept: 1, accepted: 2, done: 3, revoked: 4 } as const;
export type AgencyStatus = (typeof AgencyStatus)[keyof typeof AgencyStatus];
export const agencyStatuses = [1, 2, 3, 4] as const;

/** The task types `GET CrmCustumerAgency/querySysCode` answers (codes are stored on the task). */
export const agencyTypes = [
  { code: 1, name: '术后回访', nameEn: 'Post-treatment visit' },
  { code: 2, name: '复诊提醒', nameEn: 'Check-up reminder' },
  { code: 3, name: '满意度回访', nameEn: 'Satisfaction survey' },
  { code: 4, name: '生日关怀', nameEn: 'Birthday care' },
  { code: 5, name: '其他', nameEn: 'Other' },
] as const;
export const agencyTypeCodes = agencyTypes.map((t) => t.code);

export type AgencyPermitted = {
  accept: boolean;
  mark: boolean;
  complete: boolean;
  revoke: boolean;
};

/**
 * What someone may do with a task: its advisor accepts it while it waits, marks it while it is
 * live and completes it once accepted; its assigner revokes it until it is done.
 */
export function agencyPermitted(t: { status: number; isAssignee: boolean; isAssigner: boolean }): AgencyPermitted {
  const live = t.status === AgencyStatus.toAccept || t.status === AgencyStatus.accepted;
  return {
    accept: t.isAssignee && t.status === AgencyStatus.toAccept,
    mark: t.isAssignee && live,
    complete: t.isAssignee && t.status === AgencyStatus.accepted,
    revoke: t.isAssigner && live,
  };
}
