import { fileViewUrl } from '@crm/shared';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';

/**
 * Attachments as the original WuKong 9.0 client's views read them (issue 20): each record's
 * batch split into `file` and `img`, every file with its `filePath`. Shared by the office
 * features whose rows carry them (approvals, work logs).
 */
type OriginalFile = ReturnType<typeof toFile>;
const toFile = (f: typeof files.$inferSelect, uploader: string) => {
  const url = fileViewUrl(f.storageKey);
  return {
    fileId: f.id,
    batchId: f.batchId,
    name: f.name,
    size: f.size,
    url,
    filePath: url,
    type: f.type as 'img' | 'file',
    mime: f.mime,
    createTime: f.createdAt.toISOString(),
    createUserId: f.createUserId,
    createUserName: uploader,
    staged: false,
  };
};

/** The saved files of the batches (a staged upload is not yet the record's), by batch. */
export async function batchFiles(db: Db, batchIds: string[]) {
  const out = new Map<string, { file: OriginalFile[]; img: OriginalFile[] }>();
  const wanted = [...new Set(batchIds.filter(Boolean))];
  if (wanted.length === 0) return out;
  const rows = await db
    .select()
    .from(files)
    .where(and(inArray(files.batchId, wanted), isNotNull(files.ownerKind)))
    .orderBy(files.id);
  const names = await userNames(
    db,
    rows.map((r) => r.createUserId),
  );
  for (const r of rows) {
    const entry = out.get(r.batchId) ?? { file: [], img: [] };
    (r.type === 'img' ? entry.img : entry.file).push(toFile(r, names.get(r.createUserId) ?? ''));
    out.set(r.batchId, entry);
  }
  return out;
}

async function userNames(db: Db, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select user_id as id, realname as name from sys_user where user_id in ${wanted}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
