import { z } from 'zod';

/** The to-do counts of the spec, per area (`POST /CrmBackLog/num`, `POST /OaBackLog/num`). */
export const crmBacklogKeys = [
  'todayCustomer',
  'followLeads',
  'followCustomer',
  'checkContract',
  'checkReceivables',
  'remindReceivablesPlan',
  'endContract',
] as const;
/** `agencyNum` (agency tasks waiting for me to accept) is ours, after the spec's six (docs/api/workbench.md). */
export const oaBacklogKeys = [
  'eventNum',
  'taskNum',
  'announcementNum',
  'logNum',
  'examineNum',
  'shoufei',
  'agencyNum',
] as const;
export type CrmBacklogKey = (typeof crmBacklogKeys)[number];
export type OaBacklogKey = (typeof oaBacklogKeys)[number];

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
