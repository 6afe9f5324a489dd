/**
 * numeric(12,2) text ↔ whole fen, without floats: the database answers '1280.50', TypeScript
 * holds 128050.
 */
export function fenOf(numeric: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(numeric.trim());
  if (!m) throw new Error(`not an amount: ${numeric}`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

export function numericOf(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not whole fen: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
