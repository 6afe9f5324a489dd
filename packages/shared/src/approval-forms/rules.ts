import { z } from 'zod';
import { idField, isDay, optionalText, requiredText, type TextRule } from '../schemas/fields.ts';
import { formatTime } from '../time/clock.ts';
import { timeInput } from '../time/field.ts';

/** Building blocks of the dedicated forms' schemas: each takes the message the spec gives it. */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A required text of at most `max` characters (the label names it in the length message). */
export const text = (label: string, max: number, requiredMsg: string, multiline = false) =>
  requiredText({ label, max, multiline } satisfies TextRule, requiredMsg);
export const optional = (label: string, max: number, multiline = false) => optionalText({ label, max, multiline });

/** A required day `YYYY-MM-DD`. */
export const day = (requiredMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? '' : v),
    z
      .string({ error: requiredMsg })
      .min(1, { error: requiredMsg })
      .refine((s) => isDay(s), { error: requiredMsg }),
  );

/** A required month `YYYY-MM`. */
export const month = (requiredMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? '' : v),
    z.string({ error: requiredMsg }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: requiredMsg }),
  );

/** A required time (`timeInput`), kept in the form as the company's `yyyy-MM-dd HH:mm:ss`. */
export const dateTime = (requiredMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? '' : v),
    timeInput(requiredMsg).transform((d) => formatTime(d)),
  );

/** A required person (user id). */
export const person = (requiredMsg: string) => z.preprocess((v) => (blank(v) ? undefined : v), idField(requiredMsg));

/**
 * Money: a non-negative decimal or a negative number, integer part below 10 digits and at most
 * two decimals (the currency rule), as a number.
 */
const MONEY = /^-?\d{1,9}(\.\d{1,2})?$/;
export const money = (requiredMsg: string, numberMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? requiredMsg : numberMsg) })
      .trim()
      .regex(MONEY, { error: numberMsg })
      .transform(Number),
  );

/** A required positive number (durations, counts). */
export const positive = (requiredMsg: string, numberMsg: string, minMsg: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? requiredMsg : numberMsg) })
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: numberMsg })
      .transform(Number)
      .refine((n) => n > 0, { error: minMsg }),
  );

/** A day `YYYY-MM-DD` in the machine's own time zone (the browser's on the web, the server's there). */
export function localDay(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Whole days from `a` to `b` (days `YYYY-MM-DD`), negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The day before `day`. */
export function dayBefore(day: string): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000);
  return d.toISOString().slice(0, 10);
}
