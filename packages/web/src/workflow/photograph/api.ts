import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The photograph room's calls (docs/clinic-photos.md). */
const json = { json: true } as const;

export const photoKeys = {
  all: ['photos'] as const,
  stores: ['photos', 'stores'] as const,
  parts: ['photos', 'parts'] as const,
  queue: (storeId: number) => ['photos', 'queue', storeId] as const,
  timeline: (customerId: number, partId?: number, type?: number) =>
    ['photos', 'timeline', customerId, partId ?? 0, type ?? 0] as const,
  compare: (customerId: number, partId: number, days: string[]) =>
    ['photos', 'compare', customerId, partId, ...days] as const,
};

export type UploadTags = {
  customerId: number;
  visitId?: number | null;
  type: number;
  partId: number;
  angle: number;
  takenTime?: string;
  note?: string;
  batchId: string;
};

export const photoApi = {
  stores: () => call('/clinic/photo/stores', undefined, json),
  parts: () => call('/clinic/photo/parts', undefined, json),
  queue: (storeId: number) => call('/clinic/photo/queue', { storeId }, json),
  timeline: (body: Input<'/clinic/photo/timeline'>) => call('/clinic/photo/timeline', body, json),
  compare: (body: Input<'/clinic/photo/compare'>) => call('/clinic/photo/compare', body, json),
  remove: (photoId: number) => call('/clinic/photo/delete', { photoId }, json),
  /** Every image is a `file` part of one call; the tags are its text parts. */
  upload: (tags: UploadTags, images: Blob[]) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(tags)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v));
    for (const img of images) form.append('file', img, (img as File).name ?? 'photo');
    return call('/clinic/photo/upload', form, { multipart: true });
  },
};
