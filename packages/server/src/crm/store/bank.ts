import table from './bank-bins.json' with { type: 'json' };

const bins: Record<string, string> = table.bins;
const lengths = [...new Set(Object.keys(bins).map((k) => k.length))].sort((a, b) => b - a);

/**
 * The issuing bank of a card number from the bundled BIN table (longest prefix first), offline;
 * null when the prefix is not in the table.
 */
export function bankNameOf(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\s+/g, '');
  for (const n of lengths) {
    const hit = bins[digits.slice(0, n)];
    if (hit) return hit;
  }
  return null;
}
