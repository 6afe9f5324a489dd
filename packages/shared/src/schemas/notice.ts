import { z } from 'zod';
import { richTextField } from '../editor/config.ts';
import { optionalTimeInput } from '../time/field.ts';
import { withAliases } from './aliases.ts';
import { idField, idList, intEnum, optionalId, optionalText, pageFields, requiredText, searchField } from './fields.ts';

/** Messages of notices (workbench › 公告, docs/api/notices.md). */
export const NoticeMsg = {
  titleRequired: '请输入公告标题',
  contentRequired: '请输入公告内容',
  notFound: '公告不存在',
  timeInvalid: '时间格式有误',
  endBeforeStart: '结束时间不能早于开始时间',
  deptsInvalid: '通知部门有误',
  usersInvalid: '通知人员有误',
  tooManyRecipients: '通知部门和人员合计不能超过500个',
  listTypeInvalid: '公告列表类型有误',
  authorOnly: '只能编辑或删除自己范围内发布的公告',
} as const;

export const noticeText = {
  title: { label: '公告标题', max: 100 },
  batchId: { label: '附件批次', max: 40 },
} as const;

export const NOTICE_RECIPIENTS_MAX = 500;

/**
 * Publish (no `announcementId`) or edit a notice. No departments and no people: the whole
 * company. A blank start is "now"; a blank end keeps it published until it is deleted.
 * `batchId` (client generated) holds its attachments and images and makes a double submit
 * answer the first notice.
 */
const noticeSaveFields = z
  .object({
    announcementId: optionalId(NoticeMsg.notFound),
    title: requiredText(noticeText.title, NoticeMsg.titleRequired),
    content: richTextField(NoticeMsg.contentRequired),
    startTime: optionalTimeInput(NoticeMsg.timeInvalid).default(null),
    endTime: optionalTimeInput(NoticeMsg.timeInvalid).default(null),
    deptIds: idList(NoticeMsg.deptsInvalid).default([]),
    userIds: idList(NoticeMsg.usersInvalid).default([]),
    batchId: optionalText(noticeText.batchId),
    removedFileIds: idList('附件有误').default([]),
  })
  .refine((n) => !n.startTime || !n.endTime || n.endTime.getTime() >= n.startTime.getTime(), {
    error: NoticeMsg.endBeforeStart,
  })
  .refine((n) => new Set(n.deptIds).size + new Set(n.userIds).size <= NOTICE_RECIPIENTS_MAX, {
    error: NoticeMsg.tooManyRecipients,
  });
/** The original client names the chosen readers `ownerUserIds`. */
export const noticeSaveSchema = withAliases(noticeSaveFields, { ownerUserIds: 'userIds' });
export type NoticeSaveInput = z.infer<typeof noticeSaveSchema>;

/** The original client deletes a notice by `id` (`OaAnnouncement/delete`). */
export const noticeIdSchema = withAliases(z.object({ announcementId: idField(NoticeMsg.notFound) }), {
  id: 'announcementId',
});

/** 1 all I may see (published to me, mine, and those I manage), 2 the ones I published. */
export const noticeListTypes = [1, 2] as const;
export const noticeListSchema = z.object({
  ...pageFields,
  type: intEnum(noticeListTypes, NoticeMsg.listTypeInvalid, 1),
  /** 1: only those I have not read. */
  unread: intEnum([0, 1] as const, '未读筛选有误', 0),
  search: searchField,
});
export type NoticeListInput = z.infer<typeof noticeListSchema>;
