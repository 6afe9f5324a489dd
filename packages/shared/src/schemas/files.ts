import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { batchIdPattern as BATCH_PATTERN } from '../fields/patterns.ts';
import { cleanFileName } from '../files/format.ts';
import { fileKeyOfUrl } from '../files/urls.ts';
import { canonicalTimeZone, isTimeZone } from '../time/clock.ts';
import { hasControlChars, idField, optionalText, requiredText } from './fields.ts';

/** Longest file name stored; longer names are cut (keeping the extension) on upload. */
export const FILE_NAME_MAX = 200;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : trimmed(v));

/** The text fields of POST /file/upload (the file itself is the multipart `file` part). */
export const fileUploadFieldsSchema = z.object({
  batchId: z.preprocess(
    blankToUndefined,
    z.string({ error: Msg.batchIdRequired }).regex(BATCH_PATTERN, { error: Msg.batchIdRequired }).optional(),
  ),
  type: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'file' : v),
    z.enum(['img', 'file'], { error: Msg.fileUploadTypeInvalid }),
  ),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

export const fileBatchSchema = z.object({
  batchId: z.preprocess(
    trimmed,
    z.string({ error: Msg.batchIdRequired }).regex(BATCH_PATTERN, { error: Msg.batchIdRequired }),
  ),
});

export const fileIdSchema = z.object({ id: idField(Msg.fileNotFound) });

export const fileRenameSchema = z.object({
  fileId: idField(Msg.fileNotFound),
  // The upload's name rules first (a control character or a path is dropped, as on upload).
  name: z.preprocess(
    (v) => (typeof v === 'string' ? cleanFileName(v) : v),
    requiredText({ label: '文件名', max: FILE_NAME_MAX }, Msg.fileNameRequired),
  ),
});
export type FileRenameInput = z.infer<typeof fileRenameSchema>;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/**
 * POST /sysConfig/set text fields, each optional: absent keeps the current value. `logo` ""
 * removes the logo, an uploaded image's address sets it; a multipart `file` part (an image)
 * replaces it. A call that names none of them is refused (Msg.nothingToSave).
 */
export const sysConfigSetSchema = z.object({
  companyName: optionalText({ label: '企业名称', max: 50 }).optional(),
  portalUrl: z
    .preprocess(
      (v) => (v === null ? '' : trimmed(v)),
      z
        .string({ error: Msg.portalUrlInvalid })
        .max(500, { error: Msg.portalUrlInvalid })
        .refine((v) => v === '' || (HTTP_URL.test(v) && !hasControlChars(v)), { error: Msg.portalUrlInvalid }),
    )
    .optional(),
  /** The map service of the map dialogs: '' none (offline fallback), 'amap' or 'baidu'. */
  mapProvider: z.preprocess(
    (v) => (v === null ? '' : trimmed(v)),
    z.enum(['', 'amap', 'baidu'], { error: '地图服务有误' }).optional(),
  ),
  /** The provider's web-service key (tiles and geocoding). */
  mapKey: z.preprocess(
    (v) => (v === null ? '' : trimmed(v)),
    z
      .string({ error: '地图密钥有误' })
      .regex(/^[A-Za-z0-9_-]{0,100}$/, { error: '地图密钥有误' })
      .optional(),
  ),
  /** The company's time zone (IANA, `Asia/Shanghai`): every time of the API is in it. */
  timeZone: z.preprocess(
    trimmed,
    z
      .string({ error: Msg.timeZoneInvalid })
      .refine((v) => isTimeZone(v), { error: Msg.timeZoneInvalid })
      .transform(canonicalTimeZone)
      .optional(),
  ),
  logo: z.preprocess(
    (v) => (v === null ? '' : trimmed(v)),
    z
      .string({ error: Msg.logoInvalid })
      .refine((v) => v === '' || fileKeyOfUrl(v) !== null, { error: Msg.logoInvalid })
      .optional(),
  ),
});
export type SysConfigSetInput = z.infer<typeof sysConfigSetSchema>;
