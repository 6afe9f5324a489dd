const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['仟', '佰', '拾', ''];
const BIG = ['', '万', '亿', '万亿'];

/** Yuan with two decimals and thousands separators, as every amount is shown: ¥12,345.60. */
export function formatYuan(amount: number): string {
  const n = Number.isFinite(amount) ? amount : 0;
  const sign = n < 0 ? '-' : '';
  const [int, dec] = Math.abs(n).toFixed(2).split('.');
  return `${sign}¥${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** One four-digit group (1 … 9999) in capital numerals, zeros inside said once: 1010 → 壹仟零壹拾. */
function groupWords(g: number): string {
  const s = String(g).padStart(4, '0');
  let out = '';
  let started = false;
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(s[i]);
    if (d === 0) {
      if (started) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    started = true;
    out += `${DIGITS[d]}${UNITS[i]}`;
  }
  return out;
}

/**
 * An amount in Chinese capital numerals, as on receipts and the expense forms' totals:
 * 1234.5 → 壹仟贰佰叁拾肆元伍角, 0 → 零元整, -8 → 负捌元整, 100000000 → 壹亿元整.
 * The one function every form and view uses (rounded to the fen).
 */
export function toChineseMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const cents = Math.round(Math.abs(amount) * 100);
  if (cents === 0) return '零元整';
  let yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const groups: number[] = [];
  while (yuan > 0) {
    groups.unshift(yuan % 10000);
    yuan = Math.floor(yuan / 10000);
  }
  let out = '';
  groups.forEach((g, gi) => {
    if (g === 0) {
      if (out && !out.endsWith('零')) out += '零';
      return;
    }
    // A group below 1000 after a higher one reads with a zero: 壹万零伍佰.
    if (out && g < 1000 && !out.endsWith('零')) out += '零';
    out += groupWords(g) + (BIG[groups.length - 1 - gi] ?? '');
  });
  out = out.replace(/零+$/, '');
  let tail = '';
  if (jiao === 0 && fen === 0) tail = '整';
  else {
    if (jiao > 0) tail += `${DIGITS[jiao]}角`;
    else if (out) tail += '零';
    if (fen > 0) tail += `${DIGITS[fen]}分`;
  }
  return `${amount < 0 ? '负' : ''}${out ? `${out}元` : ''}${tail}`;
}
