import { DesktopOutlined } from '@ant-design/icons';
import { defineArea } from '@/shell/route-types';

/**
 * Workbench (spec 2.3): shown to anyone holding an `oa` permission. Pages join as they are built;
 * each page's title, icon and component are in ./routes.tsx, loaded when the area opens.
 */
export const workbenchArea = defineArea({
  key: 'workbench',
  path: '/workbench',
  title: { zh: '工作台', en: 'Workbench' },
  icon: <DesktopOutlined />,
  access: 'oa',
  routes: [
    { path: 'index' },
    // 业绩报表 (issue 24): the statistics' targets page, with `bi.achievement.read`.
    { path: 'achievementTable', access: 'bi.achievement.read' },
    { path: 'examine', access: 'oa.examine.use' },
    { path: 'task', access: 'oa.task.use' },
    // Spec 2.3 returnVisit: agency tasks about customers (CrmCustumerAgency/*).
    { path: 'returnVisit', access: 'crm.agency' },
    // The spec's mytask: the task center opened on 我负责的 (the to-do tile's target).
    { path: 'mytask', access: 'oa.task.use', hidden: true },
    // Spec 2.3 lists schedule-new as hidden: the calendar opens from the 今日日程 tile, the
    // quick-add and the home page's link, not from the menu.
    { path: 'schedule-new', access: 'oa.event.use', hidden: true },
    // 顾客评价 (issue 25, h-coupons): the reviews, their follow-up and the coupon rules.
    { path: 'evaluate', access: 'oa.evaluate' },
    { path: 'notice', access: 'oa.notice.read' },
    { path: 'notice-new', access: 'oa.notice.save', hidden: true },
    { path: 'journal', access: 'oa.journal.use' },
    // Spec 2.3 rich-list and rich-text: planning documents (docs/decisions.md "Planning documents").
    { path: 'rich-list', access: 'oa.plan.use' },
    { path: 'rich-text', access: 'oa.plan.use', hidden: true },
    // Supervision (issue 25, h-check): inspection plans, checklists and the summary.
    { path: 'check', access: 'oa.check' },
    // Staff sign-in (issue 25, h-signin): spec 2.3 signQuery; one's own QR code for everyone, statistics with oa:signIn:read.
    { path: 'signQuery', application: 'signIn' },
    // App home images (issue 25, h-crmwb): spec 2.3 changeApp; the mobile home's banners.
    { path: 'changeApp', access: 'oa.banner.manage' },
    // Meal orders (issue 25, h-meals): spec 2.3 eat; ordering for staff, menus and statistics for the canteen.
    { path: 'eat', access: 'oa.meal' },
    // Quizzes (issue 25, h-quiz): spec 2.3 answer; 我的考试 for takers, banks and quizzes for managers.
    { path: 'answer', access: 'oa.quiz' },
    // Declaration forms (issue 25, h-decl): not in the spec's route map; fill, issue and audit.
    { path: 'declaration', access: 'oa.declaration' },
    { path: 'address-book' },
    { path: 'system-map', access: 'oa.location.view' },
  ],
});
