import type { SessionUser } from '../auth/session.ts';
import type { Tx } from '../db/client.ts';

/**
 * What a file is attached to. A file row records its owner when the owner's save attaches it
 * (files/attach.ts), so "which record owns this batch" is a lookup on the file itself; the kind
 * answers whether a user may see that record, and with it the record's files.
 */
export type FileOwner = { kind: string; id: number };

export type FileOwnerKind = {
  /**
   * May `user` see the record `id` of this kind? The same rule as the record's own detail call.
   * `part`: the owner kind was `<kind>.<part>`, a file held by one part of the record (a field
   * holding an image's address); only a kind that declares `parts` is asked with one.
   */
  canSee(db: Tx, user: SessionUser, id: number, part?: string): Promise<boolean>;
  parts?: true;
};

export type FileOwnerRegistry = {
  /** A feature registers its kind once, when the app registers it (registry.ts); a kind twice is a programming error. */
  register(kind: string, def: FileOwnerKind): void;
  /** Unknown kinds are refused: a file nobody can vouch for is shown to nobody but its uploader. */
  canSee(db: Tx, user: SessionUser, owner: FileOwner): Promise<boolean>;
};

export function createFileOwnerRegistry(): FileOwnerRegistry {
  const kinds = new Map<string, FileOwnerKind>();
  return {
    register(kind, def) {
      if (kinds.has(kind)) throw new Error(`file owner kind ${kind} registered twice`);
      kinds.set(kind, def);
    },
    async canSee(db, user, owner) {
      const dot = owner.kind.indexOf('.');
      if (dot < 0) return kinds.get(owner.kind)?.canSee(db, user, owner.id) ?? false;
      const def = kinds.get(owner.kind.slice(0, dot));
      return def?.parts ? def.canSee(db, user, owner.id, owner.kind.slice(dot + 1)) : false;
    },
  };
}
