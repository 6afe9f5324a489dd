import { type ActiveBanner, BannerMsg, type BannerRowData, type BannerSaveInput } from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileOwnerRegistry } from '../../files/owners.ts';
import type { FileStorage } from '../../files/storage.ts';
import { listVisibleBatch } from '../../files/visibility.ts';
import { BANNER_FILES } from './file-owner.ts';
import { workbenchBanners as b } from './tables.ts';

const activeNow = sql`${b.enabled} and (${b.startTime} is null or ${b.startTime} <= now())
  and (${b.endTime} is null or ${b.endTime} > now())`;

/** Every banner in display order, each with its image and whether the mobile home shows it now. */
export async function listBanners(db: Tx, fileOwners: FileOwnerRegistry, user: SessionUser): Promise<BannerRowData[]> {
  const rows = await db
    .select({ row: b, active: sql<boolean>`${activeNow}` })
    .from(b)
    .orderBy(asc(b.sort), asc(b.id));
  return Promise.all(
    rows.map(async ({ row, active }) => ({
      bannerId: row.id,
      title: row.title,
      link: row.link,
      startTime: row.startTime,
      endTime: row.endTime,
      enabled: row.enabled,
      sort: row.sort,
      batchId: row.batchId,
      image: (await listVisibleBatch(db, fileOwners, user, row.batchId))[0] ?? null,
      active: Boolean(active),
    })),
  );
}

/**
 * Create or edit a banner with its one image, in one transaction: the batch's staged upload
 * becomes the banner's, a replaced one is removed, and anything but exactly one image refuses
 * the whole save. A new banner goes last.
 */
export async function saveBanner(db: Db, storage: FileStorage, user: SessionUser, input: BannerSaveInput) {
  const { id, gone } = await db.transaction(async (tx) => {
    const values = {
      title: input.title,
      link: input.link,
      batchId: input.batchId,
      startTime: input.startTime,
      endTime: input.endTime,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    let id = input.bannerId;
    if (id) {
      const done = await tx.update(b).set(values).where(eq(b.id, id)).returning({ id: b.id });
      if (!done.length) throw notFound(BannerMsg.notFound);
    } else {
      const [row] = await tx
        .insert(b)
        .values({
          ...values,
          createUserId: user.userId,
          sort: sql`(select coalesce(max(sort), 0) + 1 from workbench_banner)`,
        })
        .returning({ id: b.id });
      id = row!.id;
    }
    const gone = await syncOwnedFiles(
      tx,
      { kind: BANNER_FILES, id },
      { uploaderId: user.userId, batchIds: [input.batchId], removedIds: input.removedFileIds },
    );
    const images = await tx
      .select({ mime: files.mime })
      .from(files)
      .where(and(eq(files.ownerKind, BANNER_FILES), eq(files.ownerId, id)));
    if (images.length === 0) throw badRequest(BannerMsg.imageRequired);
    if (images.length > 1 || !images[0]!.mime.startsWith('image/')) throw badRequest(BannerMsg.imagesOnly);
    return { id, gone };
  });
  await removeStored(storage, gone);
  return id;
}

export async function deleteBanner(db: Db, storage: FileStorage, id: number): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const done = await tx.delete(b).where(eq(b.id, id)).returning({ id: b.id });
    if (!done.length) throw notFound(BannerMsg.notFound);
    // No batch named: every file of the banner goes with it.
    return syncOwnedFiles(tx, { kind: BANNER_FILES, id }, { uploaderId: 0, batchIds: [] });
  });
  await removeStored(storage, gone);
}

/** The whole order at once (drag or up/down on the page): every banner exactly once, under a lock. */
export async function sortBanners(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: b.id }).from(b).for('update');
    const known = new Set(all.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i)))
      throw badRequest(BannerMsg.orderInvalid);
    for (const [i, id] of ids.entries())
      await tx
        .update(b)
        .set({ sort: i + 1 })
        .where(eq(b.id, id));
  });
}

/** The mobile home's banners: enabled, inside their period, with an image, in order. */
export async function activeBanners(db: Tx, fileOwners: FileOwnerRegistry, user: SessionUser): Promise<ActiveBanner[]> {
  const rows = await db.select().from(b).where(activeNow).orderBy(asc(b.sort), asc(b.id));
  const out: ActiveBanner[] = [];
  for (const row of rows) {
    const image = (await listVisibleBatch(db, fileOwners, user, row.batchId))[0];
    if (image) out.push({ bannerId: row.id, title: row.title, link: row.link, imageUrl: image.url });
  }
  return out;
}
