import { fileKeyOfUrl, Msg, type SysConfig, type SysConfigSetInput, sysLogoUrl } from '@crm/shared';
import { inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { badRequest } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import type { Tx } from '../db/client.ts';
import { sysConfig } from '../db/schema.ts';
import type { UploadedFile } from './multipart.ts';
import { deleteFileRow, findFileByKey } from './repository.ts';
import { storeUpload } from './upload.ts';

const KEYS = ['companyName', 'logo', 'portalUrl'] as const;
/** Logos uploaded through the settings form share this batch; only those are removed when replaced. */
export const LOGO_BATCH = 'sys-logo';
type Key = (typeof KEYS)[number];

/** Stored values; `logo` holds the storage key of the logo image ("" for none). */
async function readValues(db: Tx): Promise<Record<Key, string>> {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(inArray(sysConfig.key, [...KEYS]));
  const values: Record<Key, string> = { companyName: '', logo: '', portalUrl: '' };
  for (const r of rows) values[r.key as Key] = r.value;
  return values;
}

/** The settings as the login page and the shell read them: the logo at its public address. */
export async function readSysConfig(db: Tx): Promise<SysConfig> {
  const v = await readValues(db);
  return { companyName: v.companyName, portalUrl: v.portalUrl, logo: v.logo ? sysLogoUrl(v.logo) : '' };
}

/** The storage key of the current logo, or null: the only file served without a session. */
export async function currentLogoKey(db: Tx): Promise<string | null> {
  return (await readValues(db)).logo || null;
}

/**
 * Save the settings; an absent field keeps its value. A `file` part (an image) becomes the new
 * logo; otherwise `logo` "" removes it and an uploaded image's address sets it.
 */
export async function saveSysConfig(
  ctx: Ctx,
  user: SessionUser,
  input: SysConfigSetInput,
  file: UploadedFile | null,
): Promise<SysConfig> {
  const nothing = input.companyName === undefined && input.portalUrl === undefined && input.logo === undefined;
  if (nothing && !file) throw badRequest(Msg.nothingToSave);
  const before = await readValues(ctx.db);
  let logo = before.logo;
  if (file) logo = fileKeyOfUrl((await storeUpload(ctx, user, { file, type: 'img', batchId: LOGO_BATCH })).url)!;
  else if (input.logo === '') logo = '';
  else if (input.logo !== undefined) {
    const key = fileKeyOfUrl(input.logo);
    const row = key ? await findFileByKey(ctx.db, key) : null;
    if (!row?.mime.startsWith('image/')) throw badRequest(Msg.logoInvalid);
    logo = row.storageKey;
  }
  const values: Record<Key, string> = {
    companyName: input.companyName ?? before.companyName,
    portalUrl: input.portalUrl ?? before.portalUrl,
    logo,
  };
  await ctx.db
    .insert(sysConfig)
    .values(KEYS.map((key) => ({ key, value: values[key] })))
    .onConflictDoUpdate({ target: sysConfig.key, set: { value: sql`excluded.value` } });
  if (before.logo && before.logo !== logo) await removeReplacedLogo(ctx, before.logo);
  return readSysConfig(ctx.db);
}

async function removeReplacedLogo(ctx: Ctx, key: string): Promise<void> {
  const row = await findFileByKey(ctx.db, key);
  if (row?.batchId !== LOGO_BATCH) return;
  await deleteFileRow(ctx.db, row.id);
  await ctx.storage.remove(key).catch(() => {});
}
