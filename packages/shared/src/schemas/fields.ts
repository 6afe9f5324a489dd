import { z } from 'zod';

/**
 * Field helpers that accept both JSON and form-encoded bodies (where every value is a string
 * and an empty input arrives as ""). Each takes the message a person sees when it fails.
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idField = (msg: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: msg }).int({ error: msg }).positive({ error: msg }));

export const optionalId = (msg: string) => idField(msg).optional();

/** A nullable id: "" / null / 0 clear it. */
export const nullableId = (msg: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === 0 || v === '0' ? null : v),
    z.coerce.number({ error: msg }).int({ error: msg }).positive({ error: msg }).nullable(),
  );

export const requiredText = (msg: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg })
      .min(1, { error: msg })
      .max(max, { error: `不能超过${max}个字符` }),
  );

export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, { error: `不能超过${max}个字符` }),
  );

/** "1,2,3", [1,2,3] or ["1","2"] → [1,2,3]. */
export const idList = (msg: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
      if (typeof v === 'number') return [v];
      return v;
    },
    z.array(z.coerce.number({ error: msg }).int({ error: msg }).positive({ error: msg })),
  );

export const intEnum = <T extends readonly number[]>(values: T, msg: string) =>
  z
    .preprocess(blankToUndefined, z.coerce.number({ error: msg }))
    .refine((n) => values.includes(n as T[number]), { error: msg }) as unknown as z.ZodType<T[number]>;

export const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

export const pageFields = {
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(15)),
};
