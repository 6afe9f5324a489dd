import type { Bus } from '../../core/bus.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sysApplications } from './tables.ts';

/** The channel the trigger on `sys_application` (migration 0073's hand-written block) names changes on. */
export const APPLICATIONS_CHANNEL = 'crm_applications';

/** The keys of the applications switched off (a row with enabled false; no row is on). */
export async function readSwitchedOff(db: Tx): Promise<Set<string>> {
  const rows = await db.select().from(sysApplications);
  return new Set(rows.filter((r) => !r.enabled).map((r) => r.key));
}

/**
 * This process's copy of the switched-off applications: read at start, again whenever the trigger
 * names a change (any process or operator) and after a gap in notifications, so the route check
 * reads a set in memory. A slower read never overwrites a newer one.
 */
export type ApplicationState = {
  off: ReadonlySet<string>;
  /** Read again now: the process that made a change answers with it in force. */
  refresh: () => Promise<void>;
  stop: () => void;
};

export async function startApplications(db: Db, bus: Bus, log: (err: unknown) => void): Promise<ApplicationState> {
  let generation = 0;
  const state: ApplicationState = { off: new Set(), refresh: async () => {}, stop: () => {} };
  const load = async () => {
    const mine = ++generation;
    const off = await readSwitchedOff(db);
    if (mine === generation) state.off = off;
  };
  const reload = () => void load().catch(log);
  state.refresh = load;
  await load();
  const stops = [await bus.subscribe(APPLICATIONS_CHANNEL, reload), bus.onReset(reload)];
  state.stop = () => {
    for (const s of stops) s();
  };
  return state;
}
