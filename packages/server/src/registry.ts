import { createUniqueResolvers, type UniqueResolvers } from './core/unique.ts';
import { createKindRegistry, type KindRegistry } from './crm/records/registry.ts';
import { createRecordDeleteRules, type RecordDeleteRules } from './crm/records/remove.ts';
import { createFileOwnerRegistry, type FileOwnerRegistry } from './files/owners.ts';
// Approval subjects (issue 27, h-hooks).
import { createSubjectRegistry, type SubjectRegistry } from './oa/examine/subjects.ts';
import { type BacklogRegistry, createBacklogRegistry } from './workbench/backlog.ts';
import { createFeedRegistry, type FeedRegistry } from './workbench/feed.ts';
import { createReminderRegistry, type ReminderRegistry } from './workbench/reminders.ts';

/**
 * What features declare for others to read, one registry per app (issue 27): buildApp makes it
 * and hands it to every feature's registration as `ctx.registry`. Nothing registers by being
 * imported, so an app built with a subset of the features (features.ts) holds only theirs, and
 * a second app in one process (tests, the sibling server) registers into its own.
 */
export type AppRegistry = {
  /** The record kinds this app answers (crm/records/registry.ts), each registered by its feature. */
  kinds: KindRegistry;
  /** The to-do counts of the workbench badges (`CrmBackLog/num`, `OaBackLog/num`). */
  backlog: BacklogRegistry;
  /** The activity feed's sources (`OaRecord/getOaRecordPageList`). */
  feed: FeedRegistry;
  /** The shell's pop-up reminders (`OaBackLog/queryReminders`). */
  reminders: ReminderRegistry;
  /** Who may see a file attached to a feature's rows (files/owners.ts). */
  fileOwners: FileOwnerRegistry;
  /** What deleting a CRM record refuses, takes along or cleans up (crm/records/remove.ts). */
  recordDeletes: RecordDeleteRules;
  /** What a unique index no table of core/unique.ts names stands for (a designer-made custom field's). */
  uniqueNames: UniqueResolvers;
  /** The approval subjects besides the OA forms: what a process change does to each, who may read it (issue 27, h-hooks). */
  subjects: SubjectRegistry;
};

export function createAppRegistry(): AppRegistry {
  return {
    kinds: createKindRegistry(),
    backlog: createBacklogRegistry(),
    feed: createFeedRegistry(),
    reminders: createReminderRegistry(),
    fileOwners: createFileOwnerRegistry(),
    recordDeletes: createRecordDeleteRules(),
    uniqueNames: createUniqueResolvers(),
    // Approval subjects (issue 27, h-hooks).
    subjects: createSubjectRegistry(),
  };
}
