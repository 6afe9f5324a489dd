import { fileOwners } from '../files/owners.ts';
import { isMember } from './repository.ts';

/** The owner kind of chat media: the file belongs to a conversation (its id is the owner id). */
export const CHAT_FILES = 'chat';

// A conversation's images, audio, video and files are seen by its members only.
fileOwners.register(CHAT_FILES, {
  canSee: (db, user, conversationId) => isMember(db, conversationId, user.userId),
});
