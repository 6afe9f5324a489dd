import type { CalendarEntry } from '@crm/shared';

/** A timed entry with no end (a follow-up's contact time) takes this long on the hour grid. */
export const DEFAULT_MINUTES = 30;
/** Short entries still get a readable block. */
const MIN_MINUTES = 20;

const minutes = (hm: string | null) => {
  if (!hm) return null;
  const [h, m] = hm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** In the all-day row: all-day entries, and timed ones that run over more than one day. */
export const inAllDayRow = (e: CalendarEntry) => e.allDay || e.endDay !== e.day;

export type PlacedEntry = {
  entry: CalendarEntry;
  /** Minutes after midnight where the block starts and how long it is. */
  top: number;
  height: number;
  /** Side-by-side columns for overlapping entries: this one's column and how many share its cluster. */
  lane: number;
  lanes: number;
};

/**
 * The timed entries starting on one day, placed on the hour grid: by start and length, and
 * entries that overlap side by side (each cluster of overlapping entries split into as many
 * columns as it needs at most at once).
 */
export function layoutDay(entries: CalendarEntry[]): PlacedEntry[] {
  const blocks = entries
    .filter((e) => !inAllDayRow(e))
    .map((entry) => {
      const start = minutes(entry.startTime) ?? 0;
      const end = minutes(entry.endTime);
      const length = end !== null && end > start ? end - start : DEFAULT_MINUTES;
      return { entry, top: start, height: Math.max(MIN_MINUTES, Math.min(length, 24 * 60 - start)), lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.top - b.top || b.height - a.height);
  let cluster: PlacedEntry[] = [];
  let clusterEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    for (const b of cluster) b.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const b of blocks) {
    if (b.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= b.top);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = b.top + b.height;
    b.lane = lane;
    cluster.push(b);
    clusterEnd = Math.max(clusterEnd, b.top + b.height);
  }
  close();
  return blocks;
}
