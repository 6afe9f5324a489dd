import { z } from 'zod';
import { openLinkAdminContracts } from '../open-links/index.ts';
import { optionalId } from '../schemas/fields.ts';

/**
 * /largeScreen (CLINIC.md "Statistics", spec 2.1 open path): a wall display of today's figures,
 * opened with a screen link an administrator made (docs/open-links.md, purpose `largeScreen`) for
 * one department (a store, with its sub-departments) or for the whole company. It reads the same
 * measures as the /bi pages (到店人次, 成交人次, 现金业绩, 消耗业绩), the consultants of the day and
 * the last seven days' trend, and refreshes every `screenRefreshSeconds`.
 */
export const screenRefreshSeconds = 30;
/** A screen link lives at most a year (a wall display is set up once). */
export const screenLinkMaxDays = 366;
/** How many consultants the screen ranks. */
export const screenTopConsultants = 5;
/** The permission that makes, lists and revokes screen links (/bi/screenLinks). */
export const screenManagePermission = 'bi:screen:manage';

export const ScreenMsg = {
  deptInvalid: '请选择部门',
  companyOutOfScope: '无权为全公司生成大屏链接，请选择部门',
} as const;

/** What a new screen link is about beside its label, days and uses: a department, or none for the company. */
export const screenLinkExtra = z.object({ deptId: optionalId(ScreenMsg.deptInvalid) });

const figure = z.number();
export const largeScreenResponse = z.object({
  /** The department's name, or 全公司. */
  title: z.string(),
  /** Today in the company's zone (yyyy-MM-dd). */
  day: z.string(),
  figures: z.object({
    visitCount: figure,
    dealVisits: figure,
    cashPerformance: figure,
    consumptionPerformance: figure,
  }),
  /** Today's consultants by money sold in visits, then deal visits. */
  consultants: z.array(z.object({ name: z.string(), dealVisits: figure, visitDealMoney: figure })),
  /** The last seven days, today included, zeros too. */
  trend: z.array(z.object({ day: z.string(), cashPerformance: figure, consumptionPerformance: figure })),
});
export type LargeScreen = z.infer<typeof largeScreenResponse>;

export const screenContracts = {
  '/largeScreen/figures': largeScreenResponse,
  ...openLinkAdminContracts('/bi/screenLink'),
};
