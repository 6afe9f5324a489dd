import { addDays, companyDay, parseTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { loadRoles, type SessionUser, toSessionUser } from '../auth/session.ts';
import { queryRows } from '../core/sql.ts';
import type { FileStorage } from '../files/storage.ts';
import type { Db, Tx } from './client.ts';
import { users } from './schema.ts';

/**
 * What each feature's part of the living demo (issue 26) works with: the seeded organisation by
 * name, the company's today (so the demo always looks current), a seeded pseudo-random source
 * (the same data every run) and the personas as signed-in users for the real services.
 */
export type DemoKit = {
  /** The seeding transaction as a database: the services' own transactions nest as savepoints. */
  db: Db;
  user: (username: string) => number;
  dept: (name: string) => number;
  /** The persona as the services see a signed-in user (roles and permissions read from the database). */
  as: (username: string) => Promise<SessionUser>;
  /** The company's day `offset` days from today, `yyyy-MM-dd`. */
  day: (offset: number) => string;
  /** An instant of that day at `hm` (`HH:mm`) in the company's zone. */
  at: (offset: number, hm: string) => Date;
  /** `minutes` before now: today's history, never in the future. */
  minutesAgo: (minutes: number) => Date;
  /** Deterministic numbers for one feature: the same feature name gives the same sequence. */
  random: (feature: string) => DemoRandom;
};

export type DemoRandom = {
  /** In [0, 1). */
  next: () => number;
  /** A whole number in [min, max]. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32 over a hash of the feature's name: small, fast and the same on every machine. */
export function demoRandom(seed: string): DemoRandom {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return seededRandom(h >>> 0);
}

/** mulberry32 from a numeric state (the tests' fixed seeds): the same sequence on every run. */
export function seededRandom(state: number): DemoRandom {
  let a = state >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (items) => items[int(0, items.length - 1)]! };
}

/** The kit over a seeded organisation (users and departments looked up by name). */
export async function demoKit(tx: Tx, now = new Date()): Promise<DemoKit> {
  const named = async (q: ReturnType<typeof sql>) =>
    new Map((await queryRows<{ k: string; id: number }>(tx, q)).map((r) => [r.k, Number(r.id)]));
  const userIds = await named(sql`select username as k, user_id as id from sys_user`);
  const deptIds = await named(sql`select name as k, dept_id as id from sys_dept`);
  const need = (map: Map<string, number>, what: string) => (k: string) => {
    const id = map.get(k);
    if (id === undefined) throw new Error(`the demo has no ${what} named ${k}`);
    return id;
  };
  const user = need(userIds, 'user');
  const db = tx as Db;
  const sessions = new Map<string, SessionUser>();
  const today = companyDay(now);
  return {
    db,
    user,
    dept: need(deptIds, 'department'),
    async as(username) {
      const known = sessions.get(username);
      if (known) return known;
      const [row] = await db
        .select()
        .from(users)
        .where(sql`${users.id} = ${user(username)}`);
      const session = toSessionUser(row!, await loadRoles(db, row!.id));
      sessions.set(username, session);
      return session;
    },
    day: (offset) => addDays(today, offset),
    at(offset, hm) {
      const [h, m] = hm.split(':');
      const at = parseTime(`${addDays(today, offset)} ${h!.padStart(2, '0')}:${m!.padStart(2, '0')}:00`);
      if (!at) throw new Error(`not a time of day: ${hm}`);
      return at;
    },
    minutesAgo: (minutes) => new Date(now.getTime() - minutes * 60_000),
    random: demoRandom,
  };
}

/** The demo attaches no files: a storage that is never written (the approval save wants one). */
export const noFiles: FileStorage = {
  put: async () => {
    throw new Error('the demo seed stores no files');
  },
  get: async () => {
    throw new Error('the demo seed stores no files');
  },
  remove: async () => {},
};
