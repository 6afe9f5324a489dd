import { z } from 'zod';
import { apiTime } from './common.ts';

/** Answers of the file calls and the company settings (docs/api/files.md). */

export const uploadTypes = ['img', 'file'] as const;
export type UploadType = (typeof uploadTypes)[number];

/** A stored file as every file call answers it. */
export const fileInfoSchema = z.object({
  fileId: z.number().int(),
  batchId: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** `/file/view/<key>`: inline preview; `/file/download/<key>` downloads. */
  url: z.string(),
  type: z.enum(uploadTypes),
  mime: z.string(),
  createTime: apiTime,
  createUserId: z.number().int(),
  createUserName: z.string(),
  /**
   * Uploaded but not yet saved with a record: only its uploader sees it, and it becomes part of
   * the record when the record's form is saved (a cancelled form leaves the record unchanged).
   */
  staged: z.boolean(),
});
/**
 * The upload's answer: the file, also at the answer's top level with the original client's
 * `file_id` (its upload views read `batchId`, `name`, `url`, `size`, `file_id` there).
 */
export const uploadResponse = fileInfoSchema.extend({ file_id: z.number().int() });

export type FileInfo = z.infer<typeof fileInfoSchema>;

/** Company settings shown on the login page and the shell. */
/** `timeZone`: the IANA zone every time of the API is written and read in (docs/api.md). */
export const sysConfigSchema = z.object({
  companyName: z.string(),
  logo: z.string(),
  portalUrl: z.string(),
  timeZone: z.string(),
  /** The original client's name of `companyName` (`sysConfig/querySysConfig`: `data.name`). */
  name: z.string(),
});
export type SysConfig = z.infer<typeof sysConfigSchema>;

/**
 * The map service the map dialogs use (POST /sysConfig/map, signed-in users only, so the key is
 * not public): provider '' means none, and the dialogs fall back to the region selector.
 */
export const mapConfigSchema = z.object({ mapProvider: z.enum(['', 'amap', 'baidu']), mapKey: z.string() });
export type MapConfig = z.infer<typeof mapConfigSchema>;

export const fileListResponse = z.array(fileInfoSchema);
export const avatarResponse = z.object({ img: z.string() });
