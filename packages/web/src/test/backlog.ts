import { type CrmCounts, crmBacklogKeys, type OaCounts, oaBacklogKeys } from '@crm/shared';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** `/OaBackLog/num` with every to-do count the contract lists: 0 unless given. */
export const oaCounts = (given: Partial<OaCounts> = {}): OaCounts => ({ ...zeros(oaBacklogKeys), ...given });

/** `/CrmBackLog/num` with every count 0 unless given, and `totalNum` their sum unless given. */
export const crmCounts = (given: Partial<CrmCounts> = {}): CrmCounts => {
  const counts = { ...zeros(crmBacklogKeys), ...given };
  const sum = crmBacklogKeys.reduce((total, k) => total + counts[k], 0);
  return { ...counts, totalNum: given.totalNum ?? sum };
};
