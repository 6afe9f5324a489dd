import { z } from 'zod';
import { parseTime } from './clock.ts';

/** Longer text is no time: refused before the patterns run. */
const MAX_TIME_TEXT = 40;

/**
 * A time a call takes: `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd HH:mm` in the company's zone, or ISO
 * 8601 with an offset, as the instant (a Date). Anything else, a day or hour that does not exist
 * and a year outside 1900–9999 answer `msg`.
 */
export const timeInput = (msg: string) =>
  z
    .string({ error: msg })
    .max(MAX_TIME_TEXT, { error: msg })
    .transform((v, ctx) => {
      const date = parseTime(v.trim());
      if (!date) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return date;
    });

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An optional time (`timeInput`): null or blank text is null (add `.default(null)` for absent). */
export const optionalTimeInput = (msg: string) => z.preprocess((v) => (blank(v) ? null : v), timeInput(msg).nullable());
