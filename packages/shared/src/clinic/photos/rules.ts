/** Pure rules of the photograph room, shared by the server's answers and the web's layout. */

type Dated = { takenTime: string };
type Angled = { angle: number };

/** Photos grouped by the calendar day of their `yyyy-MM-dd HH:mm:ss` time, newest day first. */
export function groupByDay<T extends Dated>(photos: readonly T[]): { day: string; photos: T[] }[] {
  const days = new Map<string, T[]>();
  for (const p of photos) {
    const day = p.takenTime.slice(0, 10);
    const list = days.get(day);
    if (list) list.push(p);
    else days.set(day, [p]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, list]) => ({ day, photos: list }));
}

/**
 * A comparison's rows: one per angle any column has, in angle order, each holding every
 * column's photos of that angle (none: an empty cell), so the same view sits side by side.
 */
export function compareRows<T extends Angled>(
  columns: readonly { photos: readonly T[] }[],
): { angle: number; cells: T[][] }[] {
  const angles = [...new Set(columns.flatMap((c) => c.photos.map((p) => p.angle)))].sort((a, b) => a - b);
  return angles.map((angle) => ({ angle, cells: columns.map((c) => c.photos.filter((p) => p.angle === angle)) }));
}

/** Who may delete a photo: its uploader on the day it was uploaded, or a holder of `oa:photo:delete`. */
export function mayDeletePhoto(p: { own: boolean; uploadedToday: boolean; anyPhoto: boolean }): boolean {
  return p.anyPhoto || (p.own && p.uploadedToday);
}
