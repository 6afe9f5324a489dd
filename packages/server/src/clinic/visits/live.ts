import { type ChatServerFrame, VisitLiveMsg, workflowStationOrder } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import type { Bus } from '../../core/bus.ts';
import { forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';

/**
 * Live visit queues (docs/clinic-visits.md "Live queues"). Migration 0059's trigger raises one
 * event on `clinic_visits` whenever a visit arrives, moves or is (re)assigned, whichever station
 * wrote it, at commit; every server process hears it on the bus and pushes a `visit` frame to
 * the sockets here that watch the visit's store. The frame carries no customer data, so the
 * store is the only check: the page then fetches its queue with its own permissions.
 */
export const VISIT_CHANNEL = 'clinic_visits';

/** The trigger's payload: visit, store, status. */
type VisitEvent = { v: number; s: number; st: number };

/** Who may watch a store's moves: any station's leaf or the booking board. */
export const VISIT_WATCH_KEYS = ['oa:booking:read', ...workflowStationOrder.map((s) => `oa:workflow:${s}`)];

/** Which sockets (`W`) watch which stores, and the push of an event to them. */
export class VisitWatchers<W> {
  private byStore = new Map<number, Set<W>>();
  private stores = new Map<W, number[]>();

  constructor(private send: (w: W, frame: ChatServerFrame) => void) {}

  /** Listen on the bus; answers the unsubscribe. */
  listen(bus: Bus): Promise<() => void> {
    return bus.subscribe(VISIT_CHANNEL, (payload) => this.deliver(payload));
  }

  /** Replace what `w` watches by these stores ([] stops). */
  watch(w: W, storeIds: number[]): void {
    this.unwatch(w);
    if (storeIds.length === 0) return;
    this.stores.set(w, storeIds);
    for (const s of storeIds) {
      let set = this.byStore.get(s);
      if (!set) {
        set = new Set();
        this.byStore.set(s, set);
      }
      set.add(w);
    }
  }

  unwatch(w: W): void {
    for (const s of this.stores.get(w) ?? []) {
      const set = this.byStore.get(s);
      set?.delete(w);
      if (set?.size === 0) this.byStore.delete(s);
    }
    this.stores.delete(w);
  }

  deliver(payload: string): void {
    let e: VisitEvent;
    try {
      e = JSON.parse(payload) as VisitEvent;
    } catch {
      return;
    }
    const watchers = this.byStore.get(Number(e.s));
    if (!watchers) return;
    const frame: ChatServerFrame = { type: 'visit', visitId: Number(e.v), storeId: Number(e.s), status: Number(e.st) };
    for (const w of watchers) this.send(w, frame);
  }

  /** Sockets watching at least one store (tests). */
  get size(): number {
    return this.stores.size;
  }
}

/**
 * The stores a `watchVisits` frame may ask for: the user holds a station leaf or the booking
 * board, and each id is a store (a department with booking settings); else the Chinese refusal.
 */
export async function checkWatch(db: Db, user: SessionUser, storeIds: number[]): Promise<number[]> {
  const ids = [...new Set(storeIds)];
  if (ids.length === 0) return ids;
  if (!VISIT_WATCH_KEYS.some((k) => hasPermission(user, k))) throw forbidden(VisitLiveMsg.mayNotWatch);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select store_id as id from clinic_booking_setting where store_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  if (rows.length !== ids.length) throw forbidden(VisitLiveMsg.mayNotWatch);
  return ids;
}
