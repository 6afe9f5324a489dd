import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { batchIdPattern as BATCH_PATTERN } from '../fields/patterns.ts';
import { fileKeyOfUrl } from '../files/urls.ts';
import { idField, requiredText } from './fields.ts';

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
  name: requiredText(Msg.fileNameRequired, FILE_NAME_MAX),
});
export type FileRenameInput = z.infer<typeof fileRenameSchema>;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/**
 * POST /sysConfig/set text fields. `logo` is optional: absent keeps the current logo, "" removes
 * it, an uploaded image's address sets it; a multipart `file` part (an image) replaces it.
 */
export const sysConfigSetSchema = z.object({
  companyName: z.preprocess(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z.string({ error: Msg.companyNameTooLong }).max(50, { error: Msg.companyNameTooLong }),
  ),
  portalUrl: z.preprocess(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z
      .string({ error: Msg.portalUrlInvalid })
      .max(500, { error: Msg.portalUrlInvalid })
      .refine((v) => v === '' || HTTP_URL.test(v), { error: Msg.portalUrlInvalid }),
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
