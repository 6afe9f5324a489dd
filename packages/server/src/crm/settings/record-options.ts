import { CrmSettingMsg, defaultRecordOptions, recordOptionsResponse } from '@crm/shared';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { sysConfig } from '../../db/schema.ts';

/** The follow-up categories live in the system settings (`sys_config`) under this key, as JSON. */
const KEY = 'crmRecordOptions';

/** The categories a follow-up may take: the saved list, or the defaults until one is saved. */
export async function readRecordOptions(db: Tx): Promise<string[]> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, KEY));
  if (!row) return [...defaultRecordOptions];
  const parsed = recordOptionsResponse.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : [...defaultRecordOptions];
}

export async function saveRecordOptions(db: Tx, options: string[]) {
  const value = JSON.stringify(options);
  await db.insert(sysConfig).values({ key: KEY, value }).onConflictDoUpdate({ target: sysConfig.key, set: { value } });
}

/** A follow-up's category must be one of the options while there are any (an empty list leaves it free). */
export async function checkFollowUpCategory(db: Tx, category: string) {
  const options = await readRecordOptions(db);
  if (options.length > 0 && !options.includes(category)) throw badRequest(CrmSettingMsg.categoryUnknown);
}
