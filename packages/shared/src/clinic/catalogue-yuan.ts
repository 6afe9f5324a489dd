import { z } from 'zod';

/**
 * Money on the wire and in code (CLINIC.md "Money rules"): the database keeps numeric(12,2), the
 * code whole fen (integers, never floats). Forms send yuan as people type them ("1280", "99.9",
 * "0.05"); `yuanField` reads that text into fen and answers carry fen, shown with `fenToYuan`.
 * The arithmetic never touches a float: the text is split at the point.
 */

/** numeric(12,2): ten digits before the point. */
export const FEN_MAX = 999_999_999_999;
const YUAN = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "1280.5" → 128050; null when the text is not a non-negative amount with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const m = YUAN.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen <= FEN_MAX ? fen : null;
}

/** 128050 → "1280.50"; negative amounts keep their sign. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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
