import { recordKinds } from '@crm/shared';
import { type FileOwnerKind, fileOwners } from '../../files/owners.ts';
import { loadRecord } from './access.ts';
import type { ServerKind } from './kind.ts';
import { serverKindOf } from './registry.ts';

/** The owner kind of a record's own attachments (`crm_customer`; the id is the record's). */
export const recordFilesKind = (sk: ServerKind) => `crm_${sk.kind.key}`;

/** A record's files are seen by exactly those who may read the record. */
export const recordFileOwner = (find: () => ServerKind | undefined): FileOwnerKind => ({
  async canSee(db, user, id) {
    const sk = find();
    if (!sk) return false;
    return loadRecord(db, sk, user, id, 'read').then(
      () => true,
      () => false,
    );
  },
});

// Registered at module load, once per kind (the registry refuses a second registration).
for (const kind of recordKinds)
  fileOwners.register(
    `crm_${kind.key}`,
    recordFileOwner(() => serverKindOf(kind.label)),
  );
