import type { FileInfo, GroupCreateInput, GroupUpdateInput } from '@crm/shared';
import { call } from '@/shell/call';
import { sessionStore } from '@/shell/session-store';

/** The messaging calls (spec 7.9, docs/api/messaging.md). */
export const chatKeys = {
  conversations: ['chat', 'conversations'] as const,
  book: ['chat', 'book'] as const,
  group: (groupId: number) => ['chat', 'group', groupId] as const,
};

export const fetchConversations = () =>
  call('/api/message/synchronizeMyConversationPlus', {}, { json: true, silent: true });
export const fetchHistory = (q: { conversationId?: number; userId?: number; beforeId?: number }) =>
  call('/api/message/synchronousMessagesList', q, { json: true });
export const fetchAddressBook = () => call('/system/user/deptBookAppPlus', {}, { method: 'GET', silent: true });
export const fetchGroup = (groupId: number) =>
  call('/api/chatgroup/queryGroupInfo', { groupId }, { json: true, silent: true });
export const createGroup = (input: GroupCreateInput) => call('/api/chatgroup/createGroup', input, { json: true });
export const updateGroup = (input: GroupUpdateInput) => call('/api/chatgroup/updateGroup', input, { json: true });
export const addGroupMembers = (groupId: number, userIds: number[]) =>
  call('/api/chatgroup/addBatchUsers', { groupId, userIds }, { json: true });
export const removeGroupMembers = (groupId: number, userIds: number[]) =>
  call('/api/chatgroup/removeBatchUsers', { groupId, userIds }, { json: true });
export const setGroupAdmin = (groupId: number, userIds: number[], admin: boolean) =>
  call(admin ? '/api/chatgroup/addAdminUser' : '/api/chatgroup/removeAdminUser', { groupId, userIds }, { json: true });
export const dissolveGroup = (groupId: number) => call('/api/chatgroup/delGroup', { groupId }, { json: true });

/**
 * Upload one file through `POST /file/upload` with progress (fetch has no upload progress, so
 * XMLHttpRequest). Answers the stored file; a refusal rejects with the server's message.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileInfo> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('type', file.type.startsWith('image/') ? 'img' : 'file');
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/file/upload');
    const token = sessionStore.token();
    if (token) xhr.setRequestHeader('Admin-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as { code: number; msg: string; data: FileInfo };
        if (answer.code === 0) resolve(answer.data);
        else reject(new Error(answer.msg));
      } catch {
        reject(new Error(xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error(''));
    xhr.send(form);
  });
}
