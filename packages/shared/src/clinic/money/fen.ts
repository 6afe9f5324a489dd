import { MoneyMsg, moneyMsg } from './messages.ts';

/**
 * Money is whole fen (integers) in TypeScript and numeric(12,2) in the database: never a float in
 * between. The largest numeric(12,2) is 9,999,999,999.99 yuan = 999,999,999,999 fen, well inside
 * the integers a double holds exactly (2^53), so sums of a few thousand such amounts stay exact too.
 */
export const FEN_MAX = 999_999_999_999;

const YUAN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

type ParseOptions = { label?: string; allowNegative?: boolean; allowZero?: boolean };

/**
 * "12.30" (or "12.3", "12", "-5.00" where allowed) → 1230. Refuses more than two decimals,
 * exponents, thousands separators and a value past numeric(12,2), with the field's label.
 */
export function parseYuan(
  input: string | number,
  { label = '金额', allowNegative = false, allowZero = true }: ParseOptions = {},
): { ok: true; fen: number } | { ok: false; msg: string } {
  // A JSON number is read through its shortest decimal text (12.3 → "12.3"), never multiplied.
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  if (text === '') return { ok: false, msg: moneyMsg(MoneyMsg.amountRequired, label) };
  const m = YUAN.exec(text);
  if (!m) return { ok: false, msg: moneyMsg(MoneyMsg.amountInvalid, label) };
  const [, minus, whole, decimals = ''] = m;
  if ((whole as string).length > 10) return { ok: false, msg: moneyMsg(MoneyMsg.amountTooLarge, label) };
  const abs = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (abs > FEN_MAX) return { ok: false, msg: moneyMsg(MoneyMsg.amountTooLarge, label) };
  const fen = minus && abs !== 0 ? -abs : abs;
  if (fen < 0 && !allowNegative) return { ok: false, msg: moneyMsg(MoneyMsg.amountNegative, label) };
  if (fen === 0 && !allowZero) return { ok: false, msg: moneyMsg(MoneyMsg.amountNotPositive, label) };
  return { ok: true, fen };
}

/** 1230 → "12.30"; -5 → "-0.05". The database's numeric text and the receipt's figure. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const abs = Math.abs(fen);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return fen < 0 ? `-${text}` : text;
}

/** 1230 → "¥12.30": money as the desk's pages and the receipt show it. */
export const showFen = (fen: number): string => `¥${fenToYuan(fen)}`;

/** A numeric(12,2) as the database sends it ("12.30", "-5.00", "0") → fen; throws on anything else. */
export function fenOf(numeric: string | number): number {
  const r = parseYuan(numeric, { allowNegative: true });
  if (!r.ok) throw new RangeError(`not a money value: ${numeric}`);
  return r.fen;
}

/** Sum of fen, refusing anything that is not a whole number (a float slipped in). */
export function sumFen(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    if (!Number.isSafeInteger(v)) throw new RangeError(`not a whole number of fen: ${v}`);
    total += v;
  }
  return total;
}
