import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CoffeeOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
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
import type { AreaViews } from '@/shell/route-types';
import type { workbenchArea } from './area';

/** The workbench's menu and pages (./area.tsx lists them with their permissions), loaded when the area opens. */
export const workbenchViews: AreaViews<typeof workbenchArea> = {
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
  pages: {
    index: {
      title: { zh: '工作台首页', en: 'Home' },
      icon: <HomeOutlined />,
      badge: 'oaTodo',
      component: lazyPage(() => import('./home/HomePage')),
    },
    achievementTable: {
      title: { zh: '业绩报表', en: 'Performance report' },
      icon: <BarChartOutlined />,
      component: lazyPage(() => import('./achievement-table/AchievementTablePage')),
    },
    examine: {
      title: { zh: '审批', en: 'Approvals' },
      icon: <AuditOutlined />,
      badge: 'oaExamine',
      component: lazyPage(() => import('./examine/ExaminePage')),
    },
    task: {
      title: { zh: '任务', en: 'Tasks' },
      icon: <CarryOutOutlined />,
      badge: 'oaTask',
      component: lazyPage(() => import('./task/TaskPage')),
    },
    returnVisit: {
      title: { zh: '回访任务', en: 'Return visits' },
      icon: <CustomerServiceOutlined />,
      badge: 'oaAgency',
      component: lazyPage(() => import('./return-visit/ReturnVisitPage')),
    },
    mytask: {
      title: { zh: '我的任务', en: 'My tasks' },
      component: lazyPage(() => import('./task/TaskPage')),
    },
    'schedule-new': {
      title: { zh: '日程', en: 'Schedule' },
      icon: <CalendarOutlined />,
      component: lazyPage(() => import('./schedule/SchedulePage')),
    },
    evaluate: {
      title: { zh: '顾客评价', en: 'Customer reviews' },
      icon: <LikeOutlined />,
      component: lazyPage(() => import('./evaluate/EvaluatePage')),
    },
    notice: {
      title: { zh: '公告', en: 'Notices' },
      icon: <NotificationOutlined />,
      badge: 'oaNotice',
      component: lazyPage(() => import('./notice/NoticePage')),
    },
    'notice-new': {
      title: { zh: '发布公告', en: 'Publish notice' },
      component: lazyPage(() => import('./notice/NoticeNewPage')),
    },
    journal: {
      title: { zh: '日志', en: 'Work logs' },
      icon: <FileTextOutlined />,
      badge: 'oaLog',
      component: lazyPage(() => import('./journal/JournalPage')),
    },
    'rich-list': {
      title: { zh: '策划方案', en: 'Planning' },
      icon: <SolutionOutlined />,
      component: lazyPage(() => import('./plan/PlanListPage')),
    },
    'rich-text': {
      title: { zh: '编辑策划方案', en: 'Planning editor' },
      component: lazyPage(() => import('./plan/PlanEditorPage')),
    },
    check: {
      title: { zh: '督导检查', en: 'Supervision' },
      icon: <SafetyCertificateOutlined />,
      component: lazyPage(() => import('./check/CheckPage')),
    },
    signQuery: {
      title: { zh: '签到统计', en: 'Sign-in' },
      icon: <EnvironmentOutlined />,
      component: lazyPage(() => import('./sign-query/SignQueryPage')),
    },
    changeApp: {
      title: { zh: 'APP首页图片', en: 'App home images' },
      icon: <PictureOutlined />,
      component: lazyPage(() => import('./change-app/ChangeAppPage')),
    },
    eat: {
      title: { zh: '订餐', en: 'Meal orders' },
      icon: <CoffeeOutlined />,
      component: lazyPage(() => import('./eat/EatPage')),
    },
    answer: {
      title: { zh: '考试', en: 'Quizzes' },
      icon: <ReadOutlined />,
      component: lazyPage(() => import('./answer/AnswerPage')),
    },
    declaration: {
      title: { zh: '填报', en: 'Declarations' },
      icon: <ProfileOutlined />,
      component: lazyPage(() => import('./declaration/DeclarationPage')),
    },
    'address-book': {
      title: { zh: '通讯录', en: 'Address book' },
      icon: <ContactsOutlined />,
      component: lazyPage(() => import('./address-book/AddressBookPage')),
    },
    'system-map': {
      title: { zh: '员工位置', en: 'User locations' },
      icon: <EnvironmentOutlined />,
      component: lazyPage(() => import('./system-map/SystemMapPage')),
    },
  },
};
