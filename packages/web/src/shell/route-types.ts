import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/**
 * Declarative routes: each area (workbench, manager, …) lists its pages with the permission
 * that shows them. The shell builds the router and the menus from these lists and the user's
 * auth object, so a page without a permission never appears in a menu nor resolves as a route.
 * An area is declared in two halves so the first load carries no area's menu: `area.tsx` (the
 * top navigation's entry and each page's address and permission) and `routes.tsx` (each page's
 * title, icon and component, and the quick-add), fetched when the user first opens the area.
 */
export type Title = { zh: string; en: string };

/**
 * A page as the shell knows it from the first paint, before its area has loaded: the address and
 * who may open it. The router, the access checks, the 404, links inside pages and the phone notice
 * read only these, so they work for every area at once.
 */
export type PageEntry = {
  /** Path inside the area, e.g. `employee-dep` under `/manager`. */
  path: string;
  /** Dotted path into the auth object (`manage.users.read`); absent: anyone who can enter the area. */
  access?: string;
  /** Routable but not in the side menu. */
  hidden?: boolean;
  /**
   * The application (packages/shared/src/applications) a page without its own permission belongs
   * to: switched off in /manager/application, the page goes (pages with a permission go with it).
   */
  application?: string;
  /** Made for a larger screen: at phone width the shell shows a notice instead (shell/phone.ts). */
  wide?: boolean;
};

/**
 * How a page shows in its area's side menu and what it renders: declared in the area's
 * `routes.tsx` and loaded with the area (shell/area-views.tsx), icons and page chunks with it.
 */
export type PageView = {
  title: Title;
  icon?: ReactNode;
  component: LazyExoticComponent<ComponentType>;
  /** A to-do count shown as a badge on the menu item (at most 99, then "99+"). */
  badge?: BadgeSource;
};

/** A page declared whole: the personal center's, which has no side menu to load. */
export type AppRoute = PageEntry & PageView;

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
  /** The top navigation's entry: name and icon are there from the first paint. */
  title: Title;
  icon?: ReactNode;
  /** Dotted path into the auth object that shows the area in the top navigation. */
  access: string;
  /** The pages in menu order; the first the user may open is the area's default (spec 2.1). */
  routes: readonly PageEntry[];
  /** Every page of the area is made for a larger screen (see PageEntry.wide). */
  wide?: boolean;
};

/**
 * What an area loads when the user first opens it (its `routes.tsx`, one chunk): each page's
 * menu entry and component by its path, and the quick-add entries.
 */
export type AreaViews<A extends AppArea = AppArea> = {
  pages: Record<A['routes'][number]['path'], PageView>;
  quickAdd?: QuickAddEntry[];
};

/** An area's first-paint declaration, its page paths kept literal so its views must name each one. */
export const defineArea = <const A extends AppArea>(area: A): A => area;
