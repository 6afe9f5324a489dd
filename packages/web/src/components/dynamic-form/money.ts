const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['仟', '佰', '拾', ''];
const BIG = ['', '万', '亿', '万亿'];

/** Two decimals with thousands separators: 12,345.60. */
export const formatMoney = (n: number): string =>
  n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in Chinese capital numerals, as on receipts: 1950.5 → 壹仟玖佰伍拾元伍角. */
export function toChineseMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const cents = Math.round(Math.abs(amount) * 100);
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
    if (out && g < 1000 && !out.endsWith('零')) out += '零';
    const s = String(g).padStart(4, '0');
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
    out += BIG[groups.length - 1 - gi] ?? '';
  });
  out = out.replace(/零+$/, '');
  const sign = amount < 0 && cents > 0 ? '负' : '';
  if (!out && cents === 0) return '零元整';
  let tail = '';
  if (jiao === 0 && fen === 0) tail = '整';
  else {
    if (jiao > 0) tail += `${DIGITS[jiao]}角`;
    else if (out) tail += '零';
    if (fen > 0) tail += `${DIGITS[fen]}分`;
  }
  return `${sign}${out ? `${out}元` : ''}${tail}`;
}
