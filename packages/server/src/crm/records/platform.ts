import type { AppRegistry } from '../../registry.ts';
import { registerFeedSources } from './feed.ts';
import { registerRecordFileOwners } from './files.ts';
import { registerFollowUpFileOwner } from './follow-ups.ts';
import { registerUniqueFieldNames } from './unique-fields.ts';

/**
 * What the record machinery itself declares, whichever kinds are registered: follow-ups in the
 * feed, who sees records' and follow-ups' files, and the names of designer-made unique indexes.
 */
export function registerRecordPlatform(registry: AppRegistry): void {
  registerFeedSources(registry);
  registerFollowUpFileOwner(registry);
  registerRecordFileOwners(registry);
  registerUniqueFieldNames(registry);
}
