import {
  DEFAULT_TIME_ZONE,
  fileKeyOfUrl,
  isTimeZone,
  type MapConfig,
  Msg,
  type SysConfig,
  type SysConfigSetInput,
  setCompanyTimeZone,
  sysLogoUrl,
} from '@crm/shared';
import { inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { badRequest } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import type { Tx } from '../db/client.ts';
import { sysConfig } from '../db/schema.ts';
import type { AppRegistry } from '../registry.ts';
import { attachFile } from './attach.ts';
import type { UploadedFile } from './multipart.ts';
import { deleteFileRow, findFileByKey } from './repository.ts';
import { storeUpload } from './upload.ts';

const KEYS = ['companyName', 'logo', 'portalUrl', 'mapProvider', 'mapKey', 'timeZone'] as const;
/** Logos uploaded through the settings form share this batch. */
export const LOGO_BATCH = 'sys-logo';
/** The logo's file owner: the login page shows it to everyone, so every signed-in user may see it. */
const LOGO_OWNER = { kind: 'sys_logo', id: 0 };
type Key = (typeof KEYS)[number];

/** Stored values; `logo` holds the storage key of the logo image ("" for none). */
async function readValues(db: Tx): Promise<Record<Key, string>> {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(inArray(sysConfig.key, [...KEYS]));
  const values: Record<Key, string> = {
    companyName: '',
    logo: '',
    portalUrl: '',
    mapProvider: '',
    mapKey: '',
    timeZone: DEFAULT_TIME_ZONE,
  };
  for (const r of rows) values[r.key as Key] = r.value;
  if (!isTimeZone(values.timeZone)) values.timeZone = DEFAULT_TIME_ZONE;
  return values;
}

/** The settings as the login page and the shell read them: the logo at its public address. */
export async function readSysConfig(db: Tx): Promise<SysConfig> {
  const v = await readValues(db);
  return {
    companyName: v.companyName,
    name: v.companyName,
    portalUrl: v.portalUrl,
    logo: v.logo ? sysLogoUrl(v.logo) : '',
    timeZone: v.timeZone,
  };
}

/** The map service of the map dialogs (signed-in users only). */
export async function readMapConfig(db: Tx): Promise<MapConfig> {
  const v = await readValues(db);
  const provider = v.mapProvider === 'amap' || v.mapProvider === 'baidu' ? v.mapProvider : '';
  return { mapProvider: provider, mapKey: provider ? v.mapKey : '' };
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
  const nothing =
    input.companyName === undefined &&
    input.portalUrl === undefined &&
    input.logo === undefined &&
    input.mapProvider === undefined &&
    input.mapKey === undefined &&
    input.timeZone === undefined;
  if (nothing && !file) throw badRequest(Msg.nothingToSave);
  const before = await readValues(ctx.db);
  let logo = before.logo;
  if (file) {
    const stored = await storeUpload(ctx, user, { file, type: 'img', batchId: LOGO_BATCH });
    await attachFile(ctx.db, LOGO_OWNER, stored.fileId);
    logo = fileKeyOfUrl(stored.url)!;
  } else if (input.logo === '') logo = '';
  else if (input.logo !== undefined) {
    // Only an image the administrator uploaded (still staged) or a logo already: another record's
    // attachment must not become a public picture.
    const key = fileKeyOfUrl(input.logo);
    const row = key ? await findFileByKey(ctx.db, key) : null;
    const usable =
      row && (row.ownerKind === LOGO_OWNER.kind || (row.ownerKind === null && row.createUserId === user.userId));
    if (!usable || !row.mime.startsWith('image/')) throw badRequest(Msg.logoInvalid);
    await attachFile(ctx.db, LOGO_OWNER, row.id);
    logo = row.storageKey;
  }
  const values: Record<Key, string> = {
    companyName: input.companyName ?? before.companyName,
    portalUrl: input.portalUrl ?? before.portalUrl,
    mapProvider: input.mapProvider ?? before.mapProvider,
    mapKey: input.mapKey ?? before.mapKey,
    timeZone: input.timeZone ?? before.timeZone,
    logo,
  };
  await ctx.db
    .insert(sysConfig)
    .values(KEYS.map((key) => ({ key, value: values[key] })))
    .onConflictDoUpdate({ target: sysConfig.key, set: { value: sql`excluded.value` } });
  // This process answers in the new zone at once; the others on the trigger's notification.
  setCompanyTimeZone(values.timeZone);
  if (before.logo && before.logo !== logo) await removeReplacedLogo(ctx, before.logo);
  return readSysConfig(ctx.db);
}

async function removeReplacedLogo(ctx: Ctx, key: string): Promise<void> {
  const row = await findFileByKey(ctx.db, key);
  if (row?.ownerKind !== LOGO_OWNER.kind) return;
  await deleteFileRow(ctx.db, row.id);
  await ctx.storage.remove(key).catch(() => {});
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerLogoFileOwner(registry: AppRegistry): void {
  registry.fileOwners.register(LOGO_OWNER.kind, { canSee: async () => true });
}
