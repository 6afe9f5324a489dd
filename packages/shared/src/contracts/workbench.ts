import { z } from 'zod';

// Zod-free, so the shell's to-do badges load without the schemas (first-load budget).
import { crmBacklogKeys, oaBacklogKeys } from './backlog-keys.ts';

export { type CrmBacklogKey, crmBacklogKeys, type OaBacklogKey, oaBacklogKeys } from './backlog-keys.ts';

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** CRM answers the sum of its counts as `totalNum` too. */
export const crmBacklogResponse = counts(crmBacklogKeys).extend({ totalNum: z.number().int() });
export type CrmCounts = z.infer<typeof crmBacklogResponse>;
export const oaBacklogResponse = counts(oaBacklogKeys);
export type OaCounts = z.infer<typeof oaBacklogResponse>;

/**
 * `POST /OaBackLog/queryReminders`: what should pop up now wherever I am in the app, an event
 * whose reminder time has come, a task of mine due within a day or past due. `key` names one
 * showing of it (an event's occurrence, a task's due state), so the shell shows each once.
 */
export const reminderSchema = z.object({
  kind: z.enum(['event', 'task']),
  key: z.string(),
  id: z.number().int(),
  title: z.string(),
  /** remind: an event's reminder; dueSoon / overdue: a task's due state. */
  state: z.enum(['remind', 'dueSoon', 'overdue']),
  /** The event occurrence's start, or the task's due time (ISO). */
  at: z.string(),
  allDay: z.boolean(),
  /** Where it opens in the app. */
  link: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;
export const remindersResponse = z.array(reminderSchema);
