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
  /**
   * By the token itself, so a hit costs no hash (sha256 was the largest part of the access check,
   * bench/RESULTS.md); the database keeps only hashes, and `byHash` finds an entry a change names.
   */
  private entries = new Map<string, Entry>();
  private byHash = new Map<string, string>();
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
    if (payload === '*') {
      this.entries.clear();
      this.byHash.clear();
    } else if (payload.startsWith('t:')) {
      const token = this.byHash.get(payload.slice(2));
      if (token !== undefined) this.drop(token);
    } else if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      for (const [k, e] of this.entries) if (e.user.userId === userId) this.drop(k);
    }
  }

  /**
   * The session of a token when this process holds it fresh and no slide is due: answered without
   * waiting (the common case of every request). Null: ask `resolve`.
   */
  held(token: string): ResolvedSession | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    const now = Date.now();
    if (entry.expiresAt <= now || now - entry.cachedAt > MAX_AGE_MS) return null;
    return slideDue(this.config, entry.expiresAt, now) ? null : entry;
  }

  /**
   * The session of a token, or null when it is unknown, expired or its user disabled; `slid`
   * when this call moved its expiry (the caller refreshes the cookie then).
   */
  async resolve(token: string): Promise<{ session: ResolvedSession; slid: boolean } | null> {
    const now = Date.now();
    let entry = this.entries.get(token);
    if (entry && (entry.expiresAt <= now || now - entry.cachedAt > MAX_AGE_MS)) {
      // Expired here may still be alive: another process may have slid it.
      this.drop(token);
      entry = undefined;
    }
    if (!entry) {
      const generation = this.generation;
      const tokenHash = hashToken(token);
      const found = await lookupSession(this.db, tokenHash);
      if (!found) return null;
      entry = { ...found, tokenHash, cachedAt: now };
      if (generation === this.generation) this.remember(token, entry);
    }
    if (!slideDue(this.config, entry.expiresAt, now)) return { session: entry, slid: false };
    // Moved first so that parallel calls of this client do not all write.
    entry.expiresAt = now + this.config.sessionIdleMinutes * 60_000;
    await writeSlide(this.db, this.config, entry.sessionId);
    return { session: entry, slid: true };
  }

  private remember(token: string, entry: Entry) {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(token, entry);
    this.byHash.set(entry.tokenHash, token);
  }

  private drop(token: string) {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    this.byHash.delete(entry.tokenHash);
  }

  /** Number of sessions held (tests). */
  get size(): number {
    return this.entries.size;
  }

  stop(): void {
    for (const s of this.stops) s();
    this.entries.clear();
    this.byHash.clear();
  }
}
