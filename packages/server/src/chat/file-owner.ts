import type { AppRegistry } from '../registry.ts';
import { isMember } from './repository.ts';

/** The owner kind of chat media: the file belongs to a conversation (its id is the owner id). */
export const CHAT_FILES = 'chat';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A conversation's images, audio, video and files are seen by its members only.
  registry.fileOwners.register(CHAT_FILES, {
    canSee: (db, user, conversationId) => isMember(db, conversationId, user.userId),
  });
}
