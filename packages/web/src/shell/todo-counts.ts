import { authHas, type CrmCounts, crmBacklogKeys, type OaBacklogKey, type OaCounts } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import type { BadgeSource } from './route-types';
import { useSession } from './session';

/** To-do counts (spec 3.6): `POST /CrmBackLog/num` and `POST /OaBackLog/num`; keys and shapes from the shared contract. */
export type { CrmCounts, OaCounts };

export const CRM_COUNT_KEYS = crmBacklogKeys;
/** The OA tiles in display order (`shoufei` has no tile). */
export const OA_COUNT_KEYS = [
  'examineNum',
  'taskNum',
  'eventNum',
  'logNum',
  'announcementNum',
  'agencyNum',
  // Declaration forms (issue 25, h-decl).
  'declarationNum',
] as const satisfies readonly OaBacklogKey[];

const REFRESH_MS = 60_000;
/** The menu badge and the home cards share one answer instead of asking twice. */
const STALE_MS = 15_000;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** Every known count as a number; a missing or malformed one counts 0. */
export function normaliseCounts<K extends string>(keys: readonly K[], raw: unknown): Record<K, number> {
  const src = (raw ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, num(src[k])])) as Record<K, number>;
}

export const sumCounts = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);

export function useOaCounts() {
  return useQuery({
    queryKey: ['todo', 'oa'],
    queryFn: async () => normaliseCounts(OA_COUNT_KEYS, await call('/OaBackLog/num', undefined, { silent: true })),
    refetchInterval: REFRESH_MS,
    staleTime: STALE_MS,
    retry: false,
  });
}

export function useCrmCounts() {
  const { auth } = useSession();
  const enabled = authHas(auth, 'crm');
  const query = useQuery({
    queryKey: ['todo', 'crm'],
    queryFn: async () => {
      const raw = await call('/CrmBackLog/num', undefined, { silent: true });
      const counts = normaliseCounts(CRM_COUNT_KEYS, raw);
      return { ...counts, totalNum: raw?.totalNum !== undefined ? num(raw.totalNum) : sumCounts(counts) };
    },
    refetchInterval: REFRESH_MS,
    staleTime: STALE_MS,
    retry: false,
    enabled,
  });
  return { ...query, enabled };
}

/** The number of a menu badge. */
export function useBadgeCounts(): Record<BadgeSource, number> {
  const oa = useOaCounts();
  const crm = useCrmCounts();
  return {
    oaTodo: oa.data ? sumCounts(oa.data) : 0,
    crmTodo: crm.data?.totalNum ?? 0,
    oaExamine: oa.data?.examineNum ?? 0,
    oaTask: oa.data?.taskNum ?? 0,
    oaNotice: oa.data?.announcementNum ?? 0,
    oaLog: oa.data?.logNum ?? 0,
    oaAgency: oa.data?.agencyNum ?? 0,
  };
}
