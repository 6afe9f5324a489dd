import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/**
 * Declarative routes: each area (workbench, manager, …) lists its pages with the permission
 * that shows them. The shell builds the router and the menus from these lists and the user's
 * auth object, so a page without a permission never appears in a menu nor resolves as a route.
 */
export type Title = { zh: string; en: string };

export type AppRoute = {
  /** Path inside the area, e.g. `employee-dep` under `/manager`. */
  path: string;
  title: Title;
  icon?: ReactNode;
  /** Dotted path into the auth object (`manage.users.read`); absent: anyone who can enter the area. */
  access?: string;
  component: LazyExoticComponent<ComponentType>;
  /** Routable but not in the side menu. */
  hidden?: boolean;
  /**
   * The application (packages/shared/src/applications) a page without its own permission belongs
   * to: switched off in /manager/application, the page goes (pages with a permission go with it).
   */
  application?: string;
  /** A to-do count shown as a badge on the menu item (at most 99, then "99+"). */
  badge?: BadgeSource;
  /** Made for a larger screen: at phone width the shell shows a notice instead (shell/phone.ts). */
  wide?: boolean;
};

/** Where a menu badge takes its number from (the shell polls these counts). */
/**
 * `oaExamine`: approvals waiting for me (`examineNum` of `OaBackLog/num`); `oaTask`: my open tasks (`taskNum`);
 * `oaNotice`: notices I have not read (`announcementNum`); `oaLog`: logs sent to me, unread (`logNum`).
 */
export type BadgeSource = 'oaTodo' | 'crmTodo' | 'oaExamine' | 'oaTask' | 'oaNotice' | 'oaLog' | 'oaAgency';

/**
 * An entry of an area's quick-add menu (spec 2.3: the workbench offers log, approval, task,
 * schedule and notice): it opens `to`, a page that starts its create form from the address.
 * Entries join as their pages are built; each shows only with its page's permission.
 */
export type QuickAddEntry = { key: string; title: Title; icon?: ReactNode; access: string; to: string };

/**
 * A signed-in page outside the areas (spec 2.2 top-level routes: /openOrders, /printCashPage,
 * /Booking_management, …): its absolute address, the permission that opens it, and whether it
 * shows without the layout (a receipt to print).
 */
export type TopRoute = {
  /** Absolute, e.g. `/openOrders`. */
  path: string;
  title: Title;
  access: string;
  component: LazyExoticComponent<ComponentType>;
  /** Shown alone, without the header and menus. */
  bare?: boolean;
  /** Made for a larger screen: at phone width the shell shows a notice instead (shell/phone.ts). */
  wide?: boolean;
};

export type AppArea = {
  key: 'workbench' | 'crm' | 'manager' | 'workflow' | 'project' | 'bi';
  /** `/workbench`, `/manager`, … */
  path: string;
  title: Title;
  icon?: ReactNode;
  /** Dotted path into the auth object that shows the area in the top navigation. */
  access: string;
  routes: AppRoute[];
  quickAdd?: QuickAddEntry[];
  /** Every page of the area is made for a larger screen (see AppRoute.wide). */
  wide?: boolean;
};
