/**
 * What messaging says to people (server answers and socket errors). The two recall texts are
 * the spec's (4.5), word for word.
 */
export const ChatMsg = {
  recalledOwn: '消息已撤回',
  recalledPeer: '对方撤回了一条消息',
  peerRequired: '请选择聊天对象',
  peerSelf: '不能给自己发消息',
  peerNotFound: '员工不存在',
  textRequired: '请输入消息内容',
  typeInvalid: '消息类型有误',
  fileRequired: '请选择要发送的文件',
  fileNotFound: '文件不存在',
  fileTypeMismatch: '文件类型与消息类型不符',
  clientMsgIdInvalid: '消息编号有误',
  conversationNotFound: '会话不存在',
  messageNotFound: '消息不存在',
  recallNotOwn: '只能撤回自己发送的消息',
  recallExpired: '消息发送已超过2分钟，不能撤回',
  frameInvalid: '消息格式有误',
  socketOnly: '请通过 WebSocket 连接',
  authFirst: '请先发送登录令牌',
  groupNotFound: '群聊不存在',
  groupDissolved: '该群已解散',
  groupNameRequired: '请输入群名称',
  groupMembersRequired: '请选择群成员',
  groupNotMember: '你不是该群成员',
  groupManageOnly: '只有群主和管理员可以管理群聊',
  groupOwnerOnly: '只有群主可以解散群聊或设置管理员',
  groupOwnerProtected: '不能移除群主',
  groupAdminProtected: '只有群主可以移除管理员',
  groupSelfRemove: '不能移除自己',
  nothingToUpdate: '请填写要修改的内容',
  friendSelf: '不能添加自己为好友',
  friendAlready: '你们已经是好友了',
  requestNotFound: '好友请求不存在',
  requestHandled: '该好友请求已处理',
  massRecipientsRequired: '请选择接收人',
} as const;

/** Texts of the stored notifications; a rejection ends with 请求被拒绝 (spec 8.5). */
export const NoticeText = {
  subscribe: (from: string) => `${from}请求添加你为好友`,
  subscribed: (from: string) => `${from}已同意你的好友请求`,
  unsubscribed: (from: string) => `你向${from}发送的好友请求被拒绝`,
  group: (from: string, group: string) => `${from}邀请你加入群聊「${group}」`,
} as const;
export const noticeKinds = ['subscribe', 'subscribed', 'unsubscribed', 'group'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** A member's role in a group. */
export const GroupRole = { member: 0, admin: 1, owner: 2 } as const;
export type GroupRole = (typeof GroupRole)[keyof typeof GroupRole];
/** Group members answered per page of queryGroupInfo (spec 9: page 1 of 1000). */
export const GROUP_MEMBER_PAGE = 1000;

/** Business constants of messaging (spec 9, Chat). */
export const CHAT_HISTORY_PAGE = 10;
export const CHAT_RECALL_WINDOW_MS = 2 * 60_000;
/** Client side (the /chat page): reconnect every 5 s, at most 999 times; message caches. */
export const CHAT_RECONNECT_MS = 5000;
export const CHAT_RECONNECT_MAX = 999;
export const CHAT_CACHE_CONTACT = 500;
export const CHAT_CACHE_GROUP = 200;
/** Longest text message, in characters. */
export const CHAT_TEXT_MAX = 2000;

export const chatMessageTypes = ['txt', 'img', 'audio', 'video', 'file'] as const;
export type ChatMessageType = (typeof chatMessageTypes)[number];
/** sending is the client's own state until the server's ack; the server answers the others. */
export const chatMessageStatuses = ['sending', 'sent', 'read', 'recall', 'unread'] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];
export const chatTypes = ['contact', 'group', 'chatroom'] as const;
export type ChatType = (typeof chatTypes)[number];

/** Which uploaded files a media message may carry: by the type the file's bytes were sniffed as. */
export function fileFitsMessage(type: ChatMessageType, mime: string): boolean {
  if (type === 'img') return mime.startsWith('image/');
  if (type === 'audio') return mime.startsWith('audio/');
  if (type === 'video') return mime.startsWith('video/');
  return type === 'file';
}
