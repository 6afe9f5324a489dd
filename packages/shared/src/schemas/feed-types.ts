/** The feed's types (schemas/feed.ts), zod-free so the workbench home reads them without the schemas. */
export const feedTypes = [
  'examine',
  'task',
  'event',
  'crm',
  'followUp',
  'agency',
  'notice',
  'log',
  'feedback',
] as const;
export type FeedType = (typeof feedTypes)[number];
