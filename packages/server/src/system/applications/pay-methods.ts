import { type PayMethodRow, type PayMethodSetting, payMethodOffMsg, payMethodRows } from '@crm/shared';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { sysConfig } from '../../db/schema.ts';

/** The setting's key in `sys_config`: `{off: [method], names: {method: name}}` as JSON. */
export const PAY_METHODS_KEY = 'payMethods';

async function readSetting(db: Tx): Promise<PayMethodSetting | null> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, PAY_METHODS_KEY));
  if (!row) return null;
  try {
    const v = JSON.parse(row.value) as Partial<PayMethodSetting>;
    return { off: Array.isArray(v.off) ? v.off : [], names: v.names && typeof v.names === 'object' ? v.names : {} };
  } catch {
    return null;
  }
}

/** The cash methods with their names and state, as the desk and the settings page show them. */
export const readPayMethods = async (db: Tx): Promise<PayMethodRow[]> => payMethodRows(await readSetting(db));

export async function savePayMethods(db: Tx, rows: PayMethodRow[]): Promise<PayMethodRow[]> {
  const value = JSON.stringify({
    off: rows.filter((r) => !r.enabled).map((r) => r.method),
    names: Object.fromEntries(rows.map((r) => [r.method, r.name])),
  } satisfies PayMethodSetting);
  await db
    .insert(sysConfig)
    .values({ key: PAY_METHODS_KEY, value })
    .onConflictDoUpdate({ target: sysConfig.key, set: { value } });
  return readPayMethods(db);
}

/** The charge's refusal of a switched-off cash method (balances and coupons are not settings). */
export async function refuseSwitchedOffMethods(tx: Tx, payments: { method: string }[]): Promise<void> {
  const rows = await readPayMethods(tx);
  for (const p of payments) {
    const off = rows.find((r) => r.method === p.method && !r.enabled);
    if (off) throw badRequest(payMethodOffMsg(off.name));
  }
}
