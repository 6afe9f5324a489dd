import { type CrmBacklogKey, crmBacklogKeys, type OaBacklogKey, oaBacklogKeys } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import type { Db } from '../db/client.ts';

/** The to-do counts of the spec (keys in shared contracts/workbench.ts). CRM answers their sum as `totalNum` too. */
export type BacklogKey = CrmBacklogKey | OaBacklogKey;

/** Counts what waits for `user` under one key; it applies the user's permissions and data scope itself. */
export type BacklogCounter = (db: Db, user: SessionUser) => Promise<number>;

export type BacklogRegistry = {
  /**
   * A feature registers its counter once, when the app registers it (registry.ts: each app has
   * its own registry); two counters for one key is a programming error.
   */
  register(key: BacklogKey, counter: BacklogCounter): void;
  /** Every key of `keys`, 0 where no feature counts it yet; counters run concurrently. */
  count<K extends BacklogKey>(keys: readonly K[], db: Db, user: SessionUser): Promise<Record<K, number>>;
};

export function createBacklogRegistry(): BacklogRegistry {
  const counters = new Map<BacklogKey, BacklogCounter>();
  return {
    register(key, counter) {
      if (counters.has(key)) throw new Error(`backlog counter ${key} registered twice`);
      counters.set(key, counter);
    },
    async count(keys, db, user) {
      const values = await Promise.all(
        keys.map(async (key) => {
          const counter = counters.get(key);
          const n = counter ? await counter(db, user) : 0;
          return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
        }),
      );
      return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Record<(typeof keys)[number], number>;
    },
  };
}

export async function crmBacklog(registry: BacklogRegistry, db: Db, user: SessionUser) {
  const counts = await registry.count(crmBacklogKeys, db, user);
  const totalNum = crmBacklogKeys.reduce((sum, key) => sum + counts[key], 0);
  return { ...counts, totalNum };
}

export const oaBacklog = (registry: BacklogRegistry, db: Db, user: SessionUser) =>
  registry.count(oaBacklogKeys, db, user);
