/** Business constants of the shop form (shell spec 9) and its pure rules, used by form and server. */

export const STORE_PHONE_MAX = 11;
export const GIFT_PROJECT_MAX = 2;
/** The shop-owner search of the form: page 1, limit 50. */
export const SHOP_OWNER_SEARCH_LIMIT = 50;
/** The bank name is looked up once the card number has this many characters. */
export const BANK_LOOKUP_MIN = 10;
/** Map zoom: shops 16, customer addresses 14. */
export const SHOP_MAP_ZOOM = 16;
export const CUSTOMER_MAP_ZOOM = 14;

/** Signing goal options (spec 9), by code. */
export const signingGoals = [
  { value: 0, label: '定点店', labelEn: 'Point-location shop' },
  { value: 1, label: '市场开发', labelEn: 'Market development' },
  { value: 2, label: '门店终端', labelEn: 'Shop terminal' },
  { value: 3, label: '纯打样', labelEn: 'Pure sample-making' },
] as const;

/** Gift options (spec 9); the form sends the chosen labels comma-joined. */
export const giftProjects = [
  { value: '微整项目', labelEn: 'Micro-cosmetic item' },
  { value: '手术项目', labelEn: 'Surgery item' },
  { value: '3800券4张', labelEn: '4 coupons of 3800' },
  { value: '小星星项目5个', labelEn: '5 small-star items' },
] as const;

/**
 * Money on blur (spec 5.1): a non-numeric or negative value becomes 0, otherwise it is
 * truncated (not rounded) to two decimals. Answers the text the field shows.
 */
export function moneyOnBlur(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\+?\d+(\.\d*)?$|^\+?\.\d+$/.test(text)) return '0';
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) return '0';
  const [int, frac = ''] = text.replace(/^\+/, '').split('.');
  const whole = String(Number(int || '0'));
  const cents = frac.slice(0, 2);
  return cents ? `${whole}.${cents}` : whole;
}

/** "1,2,,3" / [1,2] → ["1","2","3"]: the comma-joined lists of the payload. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
