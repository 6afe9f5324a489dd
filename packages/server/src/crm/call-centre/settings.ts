import {
  CallMsg,
  type CallProviderName,
  type CallSettings,
  callProviders,
  type callSettingsSaveSchema,
} from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { sysConfig } from '../../db/schema.ts';

/**
 * The call centre's settings, one JSON value of `sys_config` (key `callCentre`; no row: the
 * simulated exchange with its default timings). The 七陌 secret is stored, used to sign, and
 * never answered: administrators see only whether one is set.
 */
const KEY = 'callCentre';

export type StoredCallSettings = {
  provider: CallProviderName;
  moorAccountId: string;
  moorSecret: string;
  moorBaseUrl: string;
  /** The simulated exchange: rings this long, then talks this long. */
  ringMs: number;
  talkMs: number;
};

export const defaultCallSettings: StoredCallSettings = {
  provider: 'simulated',
  moorAccountId: '',
  moorSecret: '',
  moorBaseUrl: '',
  ringMs: 2000,
  talkMs: 5000,
};

export async function readCallSettings(db: Tx): Promise<StoredCallSettings> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, KEY));
  if (!row) return { ...defaultCallSettings };
  try {
    const v = JSON.parse(row.value) as Partial<StoredCallSettings>;
    const s = { ...defaultCallSettings, ...v };
    if (!callProviders.includes(s.provider)) s.provider = 'simulated';
    return s;
  } catch {
    return { ...defaultCallSettings };
  }
}

/** What the settings page reads: everything but the secret. */
export function visibleSettings(s: StoredCallSettings): CallSettings {
  return {
    provider: s.provider,
    moorAccountId: s.moorAccountId,
    moorBaseUrl: s.moorBaseUrl,
    moorSecretSet: s.moorSecret !== '',
    ringMs: s.ringMs,
    talkMs: s.talkMs,
  };
}

/** Whether the chosen provider can dial: 七陌 needs its account, secret and address. */
export const providerConfigured = (s: StoredCallSettings) =>
  s.provider === 'simulated' || Boolean(s.moorAccountId && s.moorSecret && s.moorBaseUrl);

/** Save: absent or blank fields keep their value (the secret is never sent back, so blank keeps it). */
export async function saveCallSettings(db: Tx, input: z.infer<typeof callSettingsSaveSchema>): Promise<CallSettings> {
  const before = await readCallSettings(db);
  const next: StoredCallSettings = {
    provider: input.provider ?? before.provider,
    moorAccountId: input.moorAccountId || before.moorAccountId,
    moorSecret: input.moorSecret || before.moorSecret,
    moorBaseUrl: (input.moorBaseUrl || before.moorBaseUrl).replace(/\/+$/, ''),
    ringMs: input.ringMs ?? before.ringMs,
    talkMs: input.talkMs ?? before.talkMs,
  };
  if (next.provider === 'moor' && !providerConfigured(next)) throw badRequest(CallMsg.moorIncomplete);
  const value = JSON.stringify(next);
  await db.insert(sysConfig).values({ key: KEY, value }).onConflictDoUpdate({ target: sysConfig.key, set: { value } });
  return visibleSettings(next);
}
