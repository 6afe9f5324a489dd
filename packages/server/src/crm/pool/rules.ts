import { defaultPoolRules, type PoolRules, poolRulesSchema } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sysConfig } from '../../db/schema.ts';

/** The pool rule lives in the system settings (`sys_config`) under this key, as JSON. */
const KEY = 'crmPoolRules';

/** The current pool rule; the defaults (off, 7 and 3 days) until an administrator saves one. */
export async function readPoolRules(db: Tx): Promise<PoolRules> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, KEY));
  if (!row) return { ...defaultPoolRules };
  const parsed = poolRulesSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : { ...defaultPoolRules };
}

export async function savePoolRules(db: Tx, rules: PoolRules): Promise<PoolRules> {
  const value = JSON.stringify(rules);
  await db.insert(sysConfig).values({ key: KEY, value }).onConflictDoUpdate({ target: sysConfig.key, set: { value } });
  return rules;
}
