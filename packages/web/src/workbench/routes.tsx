import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CoffeeOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  LikeOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppArea } from '@/shell/route-types';

/** Workbench (spec 2.3): shown to anyone holding an `oa` permission. Pages join as they are built. */
export const workbenchArea: AppArea = {
  key: 'workbench',
  path: '/workbench',
  title: { zh: '工作台', en: 'Workbench' },
  icon: <DesktopOutlined />,
  access: 'oa',
  // Spec 2.3's quick-add; schedule joins with its page.
  quickAdd: [
    {
      key: 'approval',
      title: { zh: '审批', en: 'Approval' },
      icon: <AuditOutlined />,
      access: 'oa.examine.use',
      to: '/workbench/examine?create=1',
    },
    {
      key: 'task',
      title: { zh: '任务', en: 'Task' },
      icon: <CarryOutOutlined />,
      access: 'oa.task.use',
      to: '/workbench/task?create=1',
    },
    {
      key: 'schedule',
      title: { zh: '日程', en: 'Event' },
      icon: <CalendarOutlined />,
      access: 'oa.event.use',
      to: '/workbench/schedule-new?create=1',
    },
    {
      key: 'log',
      title: { zh: '日志', en: 'Work log' },
      icon: <FileTextOutlined />,
      access: 'oa.journal.use',
      to: '/workbench/journal?create=1',
    },
    {
      key: 'notice',
      title: { zh: '公告', en: 'Notice' },
      icon: <NotificationOutlined />,
      access: 'oa.notice.save',
      to: '/workbench/notice-new',
    },
  ],
  routes: [
    {
      path: 'index',
      title: { zh: '工作台首页', en: 'Home' },
      icon: <HomeOutlined />,
      component: lazyPage(() => import('./home/HomePage')),
      badge: 'oaTodo',
    },
    // 业绩报表 (issue 24): the statistics' targets page, with `bi.achievement.read`.
    {
      path: 'achievementTable',
      title: { zh: '业绩报表', en: 'Performance report' },
      icon: <BarChartOutlined />,
      access: 'bi.achievement.read',
      component: lazyPage(() => import('./achievement-table/AchievementTablePage')),
    },
    {
      path: 'examine',
      title: { zh: '审批', en: 'Approvals' },
      icon: <AuditOutlined />,
      access: 'oa.examine.use',
      component: lazyPage(() => import('./examine/ExaminePage')),
      badge: 'oaExamine',
    },
    {
      path: 'task',
      title: { zh: '任务', en: 'Tasks' },
      icon: <CarryOutOutlined />,
      access: 'oa.task.use',
      component: lazyPage(() => import('./task/TaskPage')),
      badge: 'oaTask',
    },
    {
      // Spec 2.3 returnVisit: agency tasks about customers (CrmCustumerAgency/*).
      path: 'returnVisit',
      title: { zh: '回访任务', en: 'Return visits' },
      icon: <CustomerServiceOutlined />,
      access: 'crm.agency',
      component: lazyPage(() => import('./return-visit/ReturnVisitPage')),
      badge: 'oaAgency',
    },
    {
      // The spec's mytask: the task center opened on 我负责的 (the to-do tile's target).
      path: 'mytask',
      title: { zh: '我的任务', en: 'My tasks' },
      access: 'oa.task.use',
      hidden: true,
      component: lazyPage(() => import('./task/TaskPage')),
    },
    {
      // Spec 2.3 lists schedule-new as hidden: the calendar opens from the 今日日程 tile, the
      // quick-add and the home page's link, not from the menu.
      path: 'schedule-new',
      title: { zh: '日程', en: 'Schedule' },
      icon: <CalendarOutlined />,
      access: 'oa.event.use',
      hidden: true,
      component: lazyPage(() => import('./schedule/SchedulePage')),
    },
    // 顾客评价 (issue 25, h-coupons): the reviews, their follow-up and the coupon rules.
    {
      path: 'evaluate',
      title: { zh: '顾客评价', en: 'Customer reviews' },
      icon: <LikeOutlined />,
      access: 'oa.evaluate',
      component: lazyPage(() => import('./evaluate/EvaluatePage')),
    },
    {
      path: 'notice',
      title: { zh: '公告', en: 'Notices' },
      icon: <NotificationOutlined />,
      access: 'oa.notice.read',
      component: lazyPage(() => import('./notice/NoticePage')),
      badge: 'oaNotice',
    },
    {
      path: 'notice-new',
      title: { zh: '发布公告', en: 'Publish notice' },
      access: 'oa.notice.save',
      hidden: true,
      component: lazyPage(() => import('./notice/NoticeNewPage')),
    },
    {
      path: 'journal',
      title: { zh: '日志', en: 'Work logs' },
      icon: <FileTextOutlined />,
      access: 'oa.journal.use',
      component: lazyPage(() => import('./journal/JournalPage')),
      badge: 'oaLog',
    },
    {
      // Spec 2.3 rich-list and rich-text: planning documents (docs/decisions.md "Planning documents").
      path: 'rich-list',
      title: { zh: '策划方案', en: 'Planning' },
      icon: <SolutionOutlined />,
      access: 'oa.plan.use',
      component: lazyPage(() => import('./plan/PlanListPage')),
    },
    {
      path: 'rich-text',
      title: { zh: '编辑策划方案', en: 'Planning editor' },
      access: 'oa.plan.use',
      hidden: true,
      component: lazyPage(() => import('./plan/PlanEditorPage')),
    },
    // Supervision (issue 25, h-check): inspection plans, checklists and the summary.
    {
      path: 'check',
      title: { zh: '督导检查', en: 'Supervision' },
      icon: <SafetyCertificateOutlined />,
      access: 'oa.check',
      component: lazyPage(() => import('./check/CheckPage')),
    },
    // Staff sign-in (issue 25, h-signin): spec 2.3 signQuery; one's own QR code for everyone, statistics with oa:signIn:read.
    {
      path: 'signQuery',
      title: { zh: '签到统计', en: 'Sign-in' },
      icon: <EnvironmentOutlined />,
      application: 'signIn',
      component: lazyPage(() => import('./sign-query/SignQueryPage')),
    },
    // App home images (issue 25, h-crmwb): spec 2.3 changeApp; the mobile home's banners.
    {
      path: 'changeApp',
      title: { zh: 'APP首页图片', en: 'App home images' },
      icon: <PictureOutlined />,
      access: 'oa.banner.manage',
      component: lazyPage(() => import('./change-app/ChangeAppPage')),
    },
    // Meal orders (issue 25, h-meals): spec 2.3 eat; ordering for staff, menus and statistics for the canteen.
    {
      path: 'eat',
      title: { zh: '订餐', en: 'Meal orders' },
      icon: <CoffeeOutlined />,
      access: 'oa.meal',
      component: lazyPage(() => import('./eat/EatPage')),
    },
    // Quizzes (issue 25, h-quiz): spec 2.3 answer; 我的考试 for takers, banks and quizzes for managers.
    {
      path: 'answer',
      title: { zh: '考试', en: 'Quizzes' },
      icon: <ReadOutlined />,
      access: 'oa.quiz',
      component: lazyPage(() => import('./answer/AnswerPage')),
    },
    // Declaration forms (issue 25, h-decl): not in the spec's route map; fill, issue and audit.
    {
      path: 'declaration',
      title: { zh: '填报', en: 'Declarations' },
      icon: <ProfileOutlined />,
      access: 'oa.declaration',
      component: lazyPage(() => import('./declaration/DeclarationPage')),
    },
    {
      path: 'address-book',
      title: { zh: '通讯录', en: 'Address book' },
      icon: <ContactsOutlined />,
      component: lazyPage(() => import('./address-book/AddressBookPage')),
    },
    {
      path: 'system-map',
      title: { zh: '员工位置', en: 'User locations' },
      icon: <EnvironmentOutlined />,
      access: 'oa.location.view',
      component: lazyPage(() => import('./system-map/SystemMapPage')),
    },
  ],
};
