import { DEFAULT_TIME_ZONE, isTimeZone, setCompanyTimeZone } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { Bus } from '../core/bus.ts';
import type { Db, Tx } from '../db/client.ts';
import { sysConfig } from '../db/schema.ts';

/** The channel the trigger on `sys_config` (hand-written SQL of migration 0045) names changed keys on. */
export const CONFIG_CHANNEL = 'crm_config';
/** The setting's key in `sys_config`. */
export const TIME_ZONE_KEY = 'timeZone';

/** The stored company time zone; the default when unset (or unusable after a runtime upgrade). */
export async function readTimeZone(db: Tx): Promise<string> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, TIME_ZONE_KEY));
  return row && isTimeZone(row.value) ? row.value : DEFAULT_TIME_ZONE;
}

/**
 * Keep the company's time zone in force in this process (`setCompanyTimeZone`, which every time
 * the API writes or reads goes through): read at start, read again when the trigger on
 * `sys_config` announces the key changed (whichever process or operator changed it) and after a
 * gap in notifications. A slower read never overwrites a newer one.
 */
export async function startTimeZone(db: Db, bus: Bus, log: (err: unknown) => void): Promise<() => void> {
  let generation = 0;
  const load = async () => {
    const mine = ++generation;
    const zone = await readTimeZone(db);
    if (mine === generation) setCompanyTimeZone(zone);
  };
  const reload = () => void load().catch(log);
  await load();
  const stops = [await bus.subscribe(CONFIG_CHANNEL, (key) => key === TIME_ZONE_KEY && reload()), bus.onReset(reload)];
  return () => {
    for (const s of stops) s();
  };
}
