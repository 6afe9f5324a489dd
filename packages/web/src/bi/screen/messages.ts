import { defineMessages } from '@/i18n';

/** Texts of the wall screen and of its links' page (h-rfm). */
export const useScreenMessages = defineMessages({
  zh: {
    screen: '{title}数据大屏',
    refreshed: '{day} · 每{seconds}秒刷新 · 更新于 {time}',
    consultants: '今日顾问排行',
    consultant: '顾问',
    trend: '近7天业绩',
    noConsultants: '今日暂无成交',
    links: '数据大屏链接',
    linksHint: '大屏链接无需登录即可打开今日数据，请只发给需要的人；不再使用时请撤销。',
    dept: '部门',
    company: '全公司',
    deptHint: '不选则为全公司（须有全部数据权限）',
    pickDept: '选择部门',
    clear: '清除',
  },
  en: {
    screen: '{title} wall screen',
    refreshed: '{day} · refreshed every {seconds} s · updated {time}',
    consultants: "Today's consultants",
    consultant: 'Consultant',
    trend: 'Last 7 days',
    noConsultants: 'No deals yet today',
    links: 'Wall screen links',
    linksHint:
      "A screen link opens today's figures without signing in: give it only to those who need it, and revoke it when it is no longer used.",
    dept: 'Department',
    company: 'Whole company',
    deptHint: 'Leave empty for the whole company (needs data scope: all)',
    pickDept: 'Choose a department',
    clear: 'Clear',
  },
});
