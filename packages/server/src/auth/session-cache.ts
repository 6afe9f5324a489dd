import type { Config } from '../config.ts';
import type { Bus } from '../core/bus.ts';
import type { Db } from '../db/client.ts';
import { lookupSession, type ResolvedSession, slideDue, writeSlide } from './session.ts';
import { hashToken } from './tokens.ts';

/** The channel the database triggers of migration 0003 announce session changes on. */
export const SESSION_CHANNEL = 'crm_session';
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Entry = ResolvedSession & { tokenHash: string; cachedAt: number };

/**
 * Resolved sessions kept in this process so a request costs no database round trip. Every
 * change that alters what a session resolves to (a session ended, a user changed or disabled,
 * a role granted, a permission or data scope changed) fires a database trigger that notifies
 * all processes at commit; each drops what the change touched. A lookup that raced with a
 * change is not kept (the generation moved), and a lost listening connection empties the cache.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private stops: (() => void)[] = [];

  private constructor(
    private db: Db,
    private config: Config,
  ) {}

  static async start(db: Db, config: Config, bus: Bus): Promise<SessionCache> {
    const cache = new SessionCache(db, config);
    cache.stops.push(await bus.subscribe(SESSION_CHANNEL, (p) => cache.invalidate(p)));
    cache.stops.push(bus.onReset(() => cache.invalidate('*')));
    return cache;
  }

  /** `t:<token hash>`, `u:<user id>` or `*` (see migration 0003). */
  invalidate(payload: string): void {
    this.generation++;
    if (payload === '*') this.entries.clear();
    else if (payload.startsWith('t:')) this.entries.delete(payload.slice(2));
    else if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      for (const [k, e] of this.entries) if (e.user.userId === userId) this.entries.delete(k);
    }
  }

  /**
   * The session of a token, or null when it is unknown, expired or its user disabled; `slid`
   * when this call moved its expiry (the caller refreshes the cookie then).
   */
  async resolve(token: string): Promise<{ session: ResolvedSession; slid: boolean } | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    let entry = this.entries.get(tokenHash);
    if (entry && (entry.expiresAt <= now || now - entry.cachedAt > MAX_AGE_MS)) {
      // Expired here may still be alive: another process may have slid it.
      this.entries.delete(tokenHash);
      entry = undefined;
    }
    if (!entry) {
      const generation = this.generation;
      const found = await lookupSession(this.db, tokenHash);
      if (!found) return null;
      entry = { ...found, tokenHash, cachedAt: now };
      if (generation === this.generation) this.remember(entry);
    }
    if (!slideDue(this.config, entry.expiresAt, now)) return { session: entry, slid: false };
    // Moved first so that parallel calls of this client do not all write.
    entry.expiresAt = now + this.config.sessionIdleMinutes * 60_000;
    await writeSlide(this.db, this.config, entry.sessionId);
    return { session: entry, slid: true };
  }

  private remember(entry: Entry) {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(entry.tokenHash, entry);
  }

  /** Number of sessions held (tests). */
  get size(): number {
    return this.entries.size;
  }

  stop(): void {
    for (const s of this.stops) s();
    this.entries.clear();
  }
}
