import { z } from 'zod';
import { FEN_MAX, parseYuan } from './money/fen.ts';

/**
 * Money on the wire and in code (CLINIC.md "Money rules"): the database keeps numeric(12,2), the
 * code whole fen (integers, never floats). Forms send yuan as people type them ("1280", "99.9",
 * "0.05"); `yuanField` reads that text into fen and answers carry fen, shown with `fenToYuan`.
 * The arithmetic never touches a float: the text is split at the point (money/fen.ts, the one
 * implementation of yuan ↔ fen).
 */

/** "1280.5" → 128050; null when the text is not a non-negative amount with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const read = parseYuan(text);
  return read.ok ? read.fen : null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A yuan amount as a form sends it (text or number), read into fen. Blank takes `fallback` when
 * one is given, otherwise it is `required`'s message.
 */
export const yuanField = (invalid: string, fallback?: number) =>
  z.preprocess(
    (v) => {
      if (blank(v)) return fallback;
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v : '';
      return yuanToFen(text) ?? Number.NaN;
    },
    z.number({ error: invalid }).int({ error: invalid }).min(0, { error: invalid }).max(FEN_MAX, { error: invalid }),
  );
