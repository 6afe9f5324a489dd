import { examineStatusOrder } from '@crm/shared';
import { defineMessages } from '@/i18n';

/** The approval center: tabs, filters, the list and the type picker. */
export const useExamineMessages = defineMessages({
  zh: {
    title: '审批',
    create: '发起审批',
    initiate: '我发起的',
    waiting: '待我审批',
    handled: '我已审批',
    copied: '抄送我的',
    allCategories: '全部审批类型',
    allStatus: '全部状态',
    searchTips: '搜索审批内容',
    startDate: '开始日期',
    endDate: '结束日期',
    category: '审批类型',
    content: '审批内容',
    applicant: '发起人',
    currentApprovers: '当前审批人',
    status: '状态',
    createTime: '提交时间',
    updateTime: '更新时间',
    unread: '未读',
    urged: '已催办',
    urgedMe: '被催办',
    total: '共 {n} 条',
    emptyInitiate: '你还没有发起过审批',
    emptyWaiting: '太棒了，没有待你审批的事项',
    emptyHandled: '暂无已审批的事项',
    emptyCopied: '暂无抄送给你的审批',
    pickerTitle: '审批类型',
    pickerIntro: '请选择审批类型',
    // Only for those who may open 审批管理 (spec 2.7's intro; ordinary staff have no backend).
    pickerIntroAdmin: '请选择审批类型（管理后台可以自定义审批类型）',
    pickerAdminLink: '管理审批类型',
    pickerEmpty: '暂无可用的审批类型，请联系管理员',
    ungrouped: '其他',
    refresh: '刷新',
  },
  en: {
    title: 'Approvals',
    create: 'New approval',
    initiate: 'Submitted by me',
    waiting: 'Waiting for me',
    handled: 'Handled by me',
    copied: 'CC to me',
    allCategories: 'All types',
    allStatus: 'All statuses',
    searchTips: 'Search content',
    startDate: 'Start date',
    endDate: 'End date',
    category: 'Type',
    content: 'Content',
    applicant: 'Applicant',
    currentApprovers: 'Current approvers',
    status: 'Status',
    createTime: 'Submitted',
    updateTime: 'Updated',
    unread: 'Unread',
    urged: 'Reminded',
    urgedMe: 'Urged',
    total: '{n} in total',
    emptyInitiate: 'You have not submitted any approval yet',
    emptyWaiting: 'All clear: nothing waits for you',
    emptyHandled: 'Nothing handled yet',
    emptyCopied: 'Nothing copied to you',
    pickerTitle: 'Approval type',
    pickerIntro: 'Choose an approval type',
    pickerIntroAdmin: 'Choose an approval type (approval types are defined in the admin backend)',
    pickerAdminLink: 'Manage types',
    pickerEmpty: 'No approval type is available to you; ask an administrator',
    ungrouped: 'Other',
    refresh: 'Refresh',
  },
});

/** Approval statuses (0 待审 … 5 退回) with their tag colours. */
export const useStatusWords = defineMessages({
  zh: { s0: '待审', s1: '通过', s2: '拒绝', s3: '审批中', s4: '撤回', s5: '退回' },
  en: { s0: 'Pending', s1: 'Approved', s2: 'Rejected', s3: 'In progress', s4: 'Withdrawn', s5: 'Returned' },
});
/** The status filter's choices: the shared order (under review first). */
export const STATUSES = examineStatusOrder;
export const statusKey = (s: number) => `s${s}` as 's0';
export const statusColor: Record<number, string> = {
  0: 'orange',
  1: 'success',
  2: 'error',
  3: 'processing',
  4: 'default',
  5: 'purple',
};
