import { type FileInfo, fileViewUrl, type UploadType } from '@crm/shared';
import { asc, eq } from 'drizzle-orm';
import { timeText } from '../core/times.ts';
import type { Tx } from '../db/client.ts';
import { files, users } from '../db/schema.ts';

export type FileRow = typeof files.$inferSelect;

const columns = {
  file: files,
  createUserName: users.realname,
};

function toInfo(row: { file: FileRow; createUserName: string | null }): FileInfo {
  const f = row.file;
  return {
    fileId: f.id,
    batchId: f.batchId,
    name: f.name,
    size: f.size,
    url: fileViewUrl(f.storageKey),
    type: f.type as UploadType,
    mime: f.mime,
    createTime: timeText(f.createdAt)!,
    createUserId: f.createUserId,
    createUserName: row.createUserName ?? '',
    staged: f.ownerKind === null,
  };
}

export async function insertFile(db: Tx, values: typeof files.$inferInsert): Promise<FileInfo> {
  const [row] = await db.insert(files).values(values).returning();
  return (await findFileById(db, row!.id))!;
}

/** Every file of a batch with its row (owner included), in upload order; callers filter by visibility. */
export async function listBatchRows(db: Tx, batchId: string) {
  const rows = await db
    .select(columns)
    .from(files)
    .leftJoin(users, eq(users.id, files.createUserId))
    .where(eq(files.batchId, batchId))
    .orderBy(asc(files.id));
  return rows.map((r) => ({ row: r.file, info: toInfo(r) }));
}

export async function findFileById(db: Tx, id: number): Promise<FileInfo | null> {
  const [row] = await db
    .select(columns)
    .from(files)
    .leftJoin(users, eq(users.id, files.createUserId))
    .where(eq(files.id, id));
  return row ? toInfo(row) : null;
}

export async function findFileByKey(db: Tx, key: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, key)).limit(1);
  return row ?? null;
}

export async function findRowById(db: Tx, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function deleteFileRow(db: Tx, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

export async function renameFileRow(db: Tx, id: number, name: string): Promise<void> {
  await db.update(files).set({ name }).where(eq(files.id, id));
}
