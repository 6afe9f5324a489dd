import { randomUUID } from 'node:crypto';
import {
  fillMsg,
  PHOTO_MAX_FILES,
  PHOTO_MAX_MB,
  type PhotoData,
  PhotoMsg,
  type PhotoUploadInput,
  photoUploadSchema,
  visitMove,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { type Ctx, parseInput } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { removeStored } from '../../files/attach.ts';
import { readingMultipart } from '../../files/multipart.ts';
import { insertFile } from '../../files/repository.ts';
import { type Sniffed, sniff } from '../../files/sniff.ts';
import { newStorageKey, storedName } from '../../files/upload.ts';
import { setVisitStatus } from '../visits/record-moves.ts';
import { PHOTO_FILES } from './file-owner.ts';
import { readPhotos, requireCustomer } from './read.ts';

/**
 * 上传照片: several images with one set of tags (type, body part, angle, time, note) for one
 * customer and, from the station's queue, one visit, which the photo moves (visitMove
 * 'photograph': 已到店 → 已拍照). The bytes are checked (images only), stored, and recorded with
 * their photo rows in one transaction; a repeated batch answers the photos it stored first.
 */

type Image = { filename: string; bytes: Buffer; sniffed: Sniffed };

/** The photo limit of one image: ours, or the server's upload limit when that is lower. */
export const photoLimitMb = (uploadMaxMb: number) => Math.min(PHOTO_MAX_MB, uploadMaxMb);

/** The text fields and every `file` part of the multipart body, each refused as it arrives. */
async function readPhotoForm(req: FastifyRequest, limitMb: number) {
  const fields: Record<string, unknown> = {};
  const files: { filename: string; bytes: Buffer }[] = [];
  if (!req.isMultipart()) return { fields: { ...((req.body as Record<string, unknown>) ?? {}) }, files };
  const tooMany = badRequest(fillMsg(PhotoMsg.tooMany, { max: PHOTO_MAX_FILES }));
  const tooLarge = badRequest(fillMsg(PhotoMsg.tooLarge, { size: limitMb }));
  await readingMultipart(async () => {
    const parts = req.parts({ limits: { files: PHOTO_MAX_FILES, fileSize: limitMb * 1024 * 1024 } });
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw tooLarge;
          if (part.fieldname === 'file') files.push({ filename: part.filename, bytes });
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
      if (code === 'FST_FILES_LIMIT') throw tooMany;
      throw err;
    }
  });
  return { fields, files };
}

/** What the images really are: any that is not a picture refuses the whole upload. */
async function sniffImages(files: { filename: string; bytes: Buffer }[]): Promise<Image[]> {
  if (files.length === 0 || files.some((f) => f.bytes.length === 0)) throw badRequest(PhotoMsg.fileRequired);
  const images: Image[] = [];
  for (const f of files) {
    const sniffed = await sniff(f.filename, f.bytes);
    if (!sniffed?.image) throw badRequest(PhotoMsg.notImage);
    images.push({ ...f, sniffed });
  }
  return images;
}

/** Photos may be dated back (taken earlier, uploaded now), not ahead beyond a clock's drift. */
const FUTURE_SLACK_MS = 5 * 60_000;

export async function uploadPhotos(ctx: Ctx, user: SessionUser, req: FastifyRequest): Promise<PhotoData[]> {
  const { fields, files } = await readPhotoForm(req, photoLimitMb(ctx.config.uploadMaxMb));
  const input = parseInput(photoUploadSchema, fields);
  const takenAt = input.takenTime ?? new Date();
  if (takenAt.getTime() > Date.now() + FUTURE_SLACK_MS) throw badRequest(PhotoMsg.takenFuture);

  // The uploader's photos of this batch, answered again only while the customer is still theirs to see.
  const mine = async (tx: Tx) => {
    const twin = await readPhotos(tx, user, sql`p.create_user_id = ${user.userId} and p.batch_id = ${input.batchId}`);
    if (twin.length) await requireCustomer(tx, user, twin[0]!.customerId);
    return twin;
  };
  // A double click after the first finished: nothing is read into storage again.
  const earlier = await mine(ctx.db);
  if (earlier.length) return earlier;

  const images = await sniffImages(files);
  const keys = images.map(() => newStorageKey());
  await Promise.all(images.map((img, i) => ctx.storage.put(keys[i]!, img.bytes)));
  try {
    const stored = await ctx.db.transaction(async (tx) => {
      // Two clicks at once: the second waits here and then finds the first's photos.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`clinic:photo:batch:${user.userId}:${input.batchId}`}))`,
      );
      const twin = await mine(tx);
      if (twin.length) return { photos: twin, duplicate: true };
      await checkTags(tx, user, input);
      const ids: number[] = [];
      for (const [i, img] of images.entries()) ids.push(await insertPhoto(tx, user, input, takenAt, img, keys[i]!));
      return {
        photos: await readPhotos(tx, user, sql`p.photo_id = any(${`{${ids.join(',')}}`}::int[])`),
        duplicate: false,
      };
    });
    if (stored.duplicate) await removeStored(ctx.storage, keys);
    return stored.photos;
  } catch (err) {
    await removeStored(ctx.storage, keys);
    throw err;
  }
}

/** The customer (data scope), the body part, and the visit with its move, under the visit's lock. */
async function checkTags(tx: Tx, user: SessionUser, input: PhotoUploadInput): Promise<void> {
  await requireCustomer(tx, user, input.customerId);
  const [part] = await queryRows(tx, sql`select 1 from crm_body_part where part_id = ${input.partId}`);
  if (!part) throw badRequest(PhotoMsg.partMissing);
  if (input.visitId === null) return;
  const [v] = await queryRows<{ customer_id: number; status: number }>(
    tx,
    sql`select customer_id, status from clinic_visit where visit_id = ${input.visitId} for update`,
  );
  if (!v) throw notFound(PhotoMsg.visitMissing);
  if (Number(v.customer_id) !== input.customerId) throw badRequest(PhotoMsg.visitOtherCustomer);
  const status = Number(v.status);
  const move = visitMove(status, 'photograph');
  if (!move.ok) throw badRequest(move.msg);
  await setVisitStatus(tx, { id: input.visitId, status }, move.to, user.userId);
}

/** The image's file, owned by its photo row from the start (never staged). */
async function insertPhoto(
  tx: Tx,
  user: SessionUser,
  input: PhotoUploadInput,
  takenAt: Date,
  img: Image,
  key: string,
): Promise<number> {
  const file = await insertFile(tx, {
    batchId: randomUUID().replaceAll('-', ''),
    name: storedName(img.filename, img.sniffed),
    size: img.bytes.length,
    mime: img.sniffed.mime,
    type: 'img',
    storageKey: key,
    createUserId: user.userId,
    ownerKind: PHOTO_FILES,
  });
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into clinic_photo (customer_id, visit_id, file_id, type, part_id, angle, taken_time, note, batch_id,
          create_user_id)
        values (${input.customerId}, ${input.visitId}, ${file.fileId}, ${input.type}, ${input.partId}, ${input.angle},
          ${takenAt.toISOString()}::timestamptz, ${input.note ?? ''}, ${input.batchId}, ${user.userId})
        returning photo_id as id`,
  );
  const id = Number(row!.id);
  await tx.execute(sql`update sys_file set owner_id = ${id} where file_id = ${file.fileId}`);
  return id;
}
