import type { PositionType } from '@crm/shared';
import gcoord from 'gcoord';
import { call } from '@/shell/call';

/** The calls of the location map (docs/api/location.md); both within the viewer's scope. */
export const locationApi = {
  /** Everyone of a type the viewer may follow: the page filters them by name and pinyin itself. */
  users: (type: PositionType) => call('/OaLocation/queryUserList', { type, page: 1, limit: 1000 }),
  /** Spec 7.6: one person's day, 00:00:00 to 23:59:59. */
  positions: (userId: number, day: string) =>
    call('/OaLocation/queryPositions', { userId, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` }),
};

export const locationKeys = {
  users: (type: number) => ['location', 'users', type] as const,
  positions: (userId: number, day: string) => ['location', 'positions', userId, day] as const,
};

/** Spec 9: zoom 18, centred near Chengdu (GCJ-02, the tiles' system) until there is a position to show. */
export const MAP_ZOOM = 18;
export { DEFAULT_CENTER as CHENGDU } from '@/components/map-picker/geo';

/**
 * Positions arrive in Baidu's BD09 (spec 9); the map's tiles are the map service's (AMap,
 * GCJ-02, as the address dialog's). Answers [lat, lng] as Leaflet takes it.
 */
export function toMapPoint(longitude: number, latitude: number): [number, number] {
  const [lng, lat] = gcoord.transform([longitude, latitude], gcoord.BD09, gcoord.GCJ02) as [number, number];
  return [lat, lng];
}
