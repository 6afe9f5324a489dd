import { z } from 'zod';
import { apiTime, noData } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import { idField, intEnum, isDay, nullableId, optionalId, optionalText } from '../../schemas/fields.ts';
import { optionalTimeInput } from '../../time/field.ts';
import { bodyPartTreeSchema } from '../catalogue-contracts.ts';
import { bookingSettingsAnswer, visitAnswer } from '../visits/schemas.ts';
import { PhotoMsg } from './messages.ts';

/** Requests and answers of /clinic/photo/* (the photograph room, docs/clinic-photos.md). */

/** 术前 before treatment, 术后 right after, 恢复 during recovery. */
export const PhotoType = { before: 1, after: 2, recovery: 3 } as const;
export const photoTypes = [1, 2, 3] as const;
export const photoTypeNames: Record<number, string> = { 1: '术前', 2: '术后', 3: '恢复' };
export const photoTypeNamesEn: Record<number, string> = { 1: 'Before', 2: 'After', 3: 'Recovery' };

/** The fixed camera angles, in the order a comparison lays its rows out. */
export const photoAngles = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const photoAngleNames: Record<number, string> = {
  1: '正面',
  2: '左侧',
  3: '右侧',
  4: '左斜45°',
  5: '右斜45°',
  6: '仰视',
  7: '俯视',
  8: '背面',
  9: '特写',
};
export const photoAngleNamesEn: Record<number, string> = {
  1: 'Front',
  2: 'Left',
  3: 'Right',
  4: 'Left 45°',
  5: 'Right 45°',
  6: 'From below',
  7: 'From above',
  8: 'Back',
  9: 'Close-up',
};

/** One upload's limits: a photo's size (the server's upload limit caps it further) and the count. */
export const PHOTO_MAX_MB = 10;
export const PHOTO_MAX_FILES = 12;
/** How many days one comparison sets side by side. */
export const COMPARE_MIN_DAYS = 2;
export const COMPARE_MAX_DAYS = 4;

export const photoNoteRule = { label: '备注', max: 200, multiline: true };

/**
 * The text fields of `clinic/photo/upload` (multipart; the images are its `file` parts). Every
 * image of one upload shares these tags; the batch id makes a double click one upload.
 */
export const photoUploadSchema = z.object({
  customerId: idField(PhotoMsg.customerRequired),
  visitId: nullableId(PhotoMsg.visitMissing).default(null),
  type: intEnum(photoTypes, PhotoMsg.typeInvalid),
  partId: idField(PhotoMsg.partRequired),
  angle: intEnum(photoAngles, PhotoMsg.angleInvalid),
  /** When it was taken: blank is now. */
  takenTime: optionalTimeInput(PhotoMsg.takenInvalid).default(null),
  note: optionalText(photoNoteRule),
  batchId: formBatchId,
});
export type PhotoUploadInput = z.infer<typeof photoUploadSchema>;

export const photoTimelineSchema = z.object({
  customerId: idField(PhotoMsg.customerRequired),
  /** A part and its sub-parts (面部 shows 鼻部 too). */
  partId: optionalId(PhotoMsg.partMissing),
  type: intEnum(photoTypes, PhotoMsg.typeInvalid).optional(),
});
export type PhotoTimelineInput = z.infer<typeof photoTimelineSchema>;

const day = z.string({ error: PhotoMsg.compareDays }).refine(isDay, { error: PhotoMsg.compareDays });

/** `clinic/photo/compare`: one body part's photos on 2–4 different days, side by side. */
export const photoCompareSchema = z.object({
  customerId: idField(PhotoMsg.customerRequired),
  partId: idField(PhotoMsg.partRequired),
  days: z
    .array(day, { error: PhotoMsg.compareDays })
    .min(COMPARE_MIN_DAYS, { error: PhotoMsg.compareDays })
    .max(COMPARE_MAX_DAYS, { error: PhotoMsg.compareDays })
    .refine((d) => new Set(d).size === d.length, { error: PhotoMsg.compareDays }),
});
export type PhotoCompareInput = z.infer<typeof photoCompareSchema>;

export const photoIdSchema = z.object({ photoId: idField(PhotoMsg.photoRequired) });
export const photoQueueSchema = z.object({ storeId: idField(PhotoMsg.storeRequired) });

// ---- answers ----

export const photoAnswer = z.object({
  photoId: z.number().int(),
  customerId: z.number().int(),
  visitId: z.number().int().nullable(),
  type: z.number().int(),
  partId: z.number().int(),
  partName: z.string(),
  angle: z.number().int(),
  takenTime: apiTime,
  note: z.string(),
  /** The image's address (/file/view/<key>): served only to who may see the customer. */
  url: z.string(),
  name: z.string(),
  createUserId: z.number().int(),
  createUserName: z.string(),
  createTime: apiTime,
  /** Own photo of today, or the delete permission. */
  canDelete: z.boolean(),
});
export type Photo = z.infer<typeof photoAnswer>;
export type PhotoData = z.input<typeof photoAnswer>;

/** A day's photos (the company's calendar day of `takenTime`). */
export const photoDayAnswer = z.object({ day: z.string(), photos: z.array(photoAnswer) });
export type PhotoDay = z.infer<typeof photoDayAnswer>;
export type PhotoDayData = z.input<typeof photoDayAnswer>;

export const photoCompareAnswer = z.object({
  partId: z.number().int(),
  partName: z.string(),
  /** One column per asked day, in the asked order; each column's photos by angle. */
  columns: z.array(photoDayAnswer),
});
export type PhotoCompare = z.infer<typeof photoCompareAnswer>;
export type PhotoCompareData = z.input<typeof photoCompareAnswer>;

/** A visit waiting at the photograph room, with how many photos it has so far. */
export const photoQueueAnswer = visitAnswer.extend({ photos: z.number().int() });
export type PhotoQueueVisit = z.infer<typeof photoQueueAnswer>;
export type PhotoQueueData = z.input<typeof photoQueueAnswer>;

export const photoContracts = {
  '/clinic/photo/stores': z.array(bookingSettingsAnswer),
  '/clinic/photo/parts': bodyPartTreeSchema,
  '/clinic/photo/queue': z.array(photoQueueAnswer),
  '/clinic/photo/upload': z.array(photoAnswer),
  '/clinic/photo/timeline': z.array(photoDayAnswer),
  '/clinic/photo/compare': photoCompareAnswer,
  '/clinic/photo/delete': noData,
};
