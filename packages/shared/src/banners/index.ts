import { z } from 'zod';
import { apiTime } from '../contracts/common.ts';
import { fileInfoSchema } from '../contracts/files.ts';
import { idField, optionalId, requiredText } from '../schemas/fields.ts';
import { optionalTimeInput } from '../time/field.ts';

/**
 * App home images (/workbench/changeApp, issue 25, h-crmwb; docs/workbench-banners.md): ordered
 * banner images with a title, a link and an active period, served to the mobile home by one call.
 */
export const BannerMsg = {
  notFound: '首页图片不存在',
  titleRequired: '请输入标题',
  imageRequired: '请上传一张图片',
  imagesOnly: '只能上传一张图片（jpg、png、gif、webp）',
  linkInvalid: '链接须为以 / 开头的应用内地址或 https:// 开头的网址',
  timeInvalid: '时间格式有误',
  periodInvalid: '结束时间须晚于开始时间',
  enabledInvalid: '是否启用有误',
  orderInvalid: '排序须包含全部首页图片，且每张只出现一次',
  batchRequired: '缺少提交批次',
} as const;

export * from './permissions.ts';

/** https, a host name (letters, digits, dots, hyphens), an optional port and path. */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?([/?#][^\s\\]*)?$/;

/**
 * Where a banner leads: an app path (`/workbench/notice?x=1`, never `//host`) or an https URL;
 * empty for an image that opens nothing. The same test for the form and the server.
 */
export function isBannerLink(link: string): boolean {
  if (link === '') return true;
  if (/\s/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.includes('\\');
  return HTTPS_URL.test(link);
}

const bannerText = { title: { label: '标题', max: 50 }, batchId: { label: '批次', max: 40 } } as const;

const flag = (msg: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
    z.boolean({ error: msg }),
  );

export const bannerSaveSchema = z
  .object({
    bannerId: optionalId(BannerMsg.notFound),
    title: requiredText(bannerText.title, BannerMsg.titleRequired),
    /** The upload batch of its image (the files machinery, `/file/upload` type img). */
    batchId: requiredText(bannerText.batchId, BannerMsg.batchRequired),
    link: z
      .preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v), z.string())
      .refine((v) => v.length <= 300 && isBannerLink(v), { error: BannerMsg.linkInvalid }),
    startTime: optionalTimeInput(BannerMsg.timeInvalid).default(null),
    endTime: optionalTimeInput(BannerMsg.timeInvalid).default(null),
    enabled: flag(BannerMsg.enabledInvalid).default(true),
    /** Files of the batch the editor removed (the replaced image). */
    removedFileIds: z.array(z.number().int().positive(), { error: BannerMsg.imagesOnly }).max(20).default([]),
  })
  .refine((b) => !b.startTime || !b.endTime || b.endTime > b.startTime, {
    error: BannerMsg.periodInvalid,
    path: ['endTime'],
  });
export type BannerSaveInput = z.infer<typeof bannerSaveSchema>;

export const bannerIdSchema = z.object({ bannerId: idField(BannerMsg.notFound) });
export const bannerOrderSchema = z.object({
  bannerIds: z.array(z.number().int().positive(), { error: BannerMsg.orderInvalid }).max(200),
});

export const bannerRowSchema = z.object({
  bannerId: z.number().int(),
  title: z.string(),
  link: z.string(),
  startTime: apiTime.nullable(),
  endTime: apiTime.nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  batchId: z.string(),
  image: fileInfoSchema.nullable(),
  /** Shown on the mobile home now: enabled and inside its period. */
  active: z.boolean(),
});
export type BannerRow = z.infer<typeof bannerRowSchema>;
/** A row as the server hands it to the route (times as instants). */
export type BannerRowData = z.input<typeof bannerRowSchema>;

/** What the mobile home needs of an active banner. */
export const activeBannerSchema = z.object({
  bannerId: z.number().int(),
  title: z.string(),
  link: z.string(),
  imageUrl: z.string(),
});
export type ActiveBanner = z.infer<typeof activeBannerSchema>;

export const bannerContracts = {
  '/workbench/banner/list': z.array(bannerRowSchema),
  '/workbench/banner/save': z.object({ bannerId: z.number().int() }),
  '/workbench/banner/delete': z.null(),
  '/workbench/banner/sort': z.null(),
  '/workbench/banner/active': z.array(activeBannerSchema),
} as const;
