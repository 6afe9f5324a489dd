import type { SystemSceneKey } from './kind.ts';

/**
 * System scenes travel as negative ids (saved scenes have positive ones), so a scene is always
 * one integer on the wire, as the spec's pickers send it.
 */
export const systemSceneIds: Record<SystemSceneKey, number> = {
  all: -1,
  mine: -2,
  subordinates: -3,
  member: -4,
  converted: -5,
  onShelf: -6,
  offShelf: -7,
  followUp: -8,
  toReview: -9,
  expiring: -10,
  expired: -11,
  planDue: -12,
  contactToday: -13,
  notFollowed: -14,
};
export const systemSceneOfId = (id: number): SystemSceneKey | undefined =>
  (Object.entries(systemSceneIds) as [SystemSceneKey, number][]).find(([, v]) => v === id)?.[0];
