import {
  bucketKeys,
  DataScope,
  type LargeScreen,
  type Period,
  ScreenMsg,
  screenContracts,
  screenLinkExtra,
  screenLinkMaxDays,
  screenManagePermission,
  screenTopConsultants,
  todayIn,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import { dataScopeFor } from '../core/data-scope.ts';
import { forbidden } from '../core/errors.ts';
import { defineOpenLinkAdminRoutes, defineOpenRoute } from '../core/open-links/routes.ts';
import type { Ctx } from '../core/route.ts';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { deptAndDescendantsSql } from '../org/tree.ts';
import { type FigureRequest, measureFigures } from './query.ts';
import { scopedUsers } from './scope.ts';
import { type CategorySql, sources } from './sources.ts';

/** What a screen link is about: a department (a store and its sub-departments), or the company. */
type ScreenSubject = { deptId?: number; deptName?: string };

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Today's figures of a screen (one statement through the statistics' query builder, so they are
 * the /bi pages' figures): the department's people's (their customers' visits, their performance),
 * or everyone's for the company.
 */
export async function screenFigures(db: Tx, subject: ScreenSubject): Promise<LargeScreen> {
  const day = todayIn();
  const today: Period = { start: day, end: day, unit: 'day' };
  const week: Period = { start: addDays(day, -6), end: day, unit: 'custom' };
  const users = subject.deptId
    ? sql`select user_id from sys_user where dept_id in (${deptAndDescendantsSql(subject.deptId)})`
    : null;
  const at = (
    k: 'visitCount' | 'dealVisits' | 'cashPerformance' | 'consumptionPerformance' | 'visitDealMoney',
    period: Period,
  ) => ({
    source: sources[k],
    period,
    users,
  });
  const consultant = (await sources.dealVisits.categories!.clinicConsultant!(db, today)) as CategorySql;
  const none = { by: 'none' } as const;
  const byConsultant = { by: 'category', category: consultant } as const;
  const byDay = { by: 'bucket', unit: 'day' } as const;
  const requests: FigureRequest[] = [
    { q: at('visitCount', today), g: none },
    { q: at('dealVisits', today), g: none },
    { q: at('cashPerformance', today), g: none },
    { q: at('consumptionPerformance', today), g: none },
    { q: at('dealVisits', today), g: byConsultant },
    { q: at('visitDealMoney', today), g: byConsultant },
    { q: at('cashPerformance', week), g: byDay },
    { q: at('consumptionPerformance', week), g: byDay },
  ];
  const [visits, deals, cash, consumption, dealsBy, moneyBy, cashByDay, consumptionByDay] = await measureFigures(
    db,
    requests,
  );
  const money = (v: number | undefined) => Math.round((v ?? 0) * 100) / 100;
  const total = (m: typeof visits) => money(m!.get('')?.value);
  const names = new Set([...dealsBy!.keys(), ...moneyBy!.keys()]);
  const consultants = [...names]
    .map((name) => ({
      name,
      dealVisits: dealsBy!.get(name)?.value ?? 0,
      visitDealMoney: money(moneyBy!.get(name)?.value),
    }))
    .sort((a, b) => b.visitDealMoney - a.visitDealMoney || b.dealVisits - a.dealVisits || a.name.localeCompare(b.name))
    .slice(0, screenTopConsultants);
  return {
    title: subject.deptId ? (subject.deptName ?? '') : '全公司',
    day,
    figures: {
      visitCount: total(visits),
      dealVisits: total(deals),
      cashPerformance: total(cash),
      consumptionPerformance: total(consumption),
    },
    consultants,
    trend: bucketKeys(week, 'day').map((d) => ({
      day: d,
      cashPerformance: money(cashByDay!.get(d)?.value),
      consumptionPerformance: money(consumptionByDay!.get(d)?.value),
    })),
  };
}

/**
 * The screen link a user may make: for a department within their data scope (its name kept, so the
 * screen and the list show it), or for the company only with data scope 全部.
 */
async function screenSubject(db: Tx, user: SessionUser, input: { deptId?: number }): Promise<ScreenSubject> {
  if (input.deptId === undefined) {
    if (dataScopeFor(user, screenManagePermission) !== DataScope.all) throw forbidden(ScreenMsg.companyOutOfScope);
    return {};
  }
  await scopedUsers(db, user, screenManagePermission, { deptId: input.deptId });
  const [dept] = await queryRows<{ name: string }>(db, sql`select name from sys_dept where dept_id = ${input.deptId}`);
  return { deptId: input.deptId, deptName: dept?.name ?? '' };
}

/** /largeScreen's call (open, by its link) and the administrators' screen links (/bi/screenLink/*). */
export function registerScreenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  defineOpenRoute(app, ctx, {
    url: '/largeScreen/figures',
    purpose: 'largeScreen',
    response: screenContracts['/largeScreen/figures'],
    handler: ({ link }) => {
      const s = link.subject as ScreenSubject;
      return screenFigures(db, { deptId: s.deptId === undefined ? undefined : Number(s.deptId), deptName: s.deptName });
    },
  });
  defineOpenLinkAdminRoutes(app, ctx, {
    base: '/bi/screenLink',
    purpose: 'largeScreen',
    access: screenManagePermission,
    contracts: screenContracts,
    maxDays: screenLinkMaxDays,
    extra: screenLinkExtra,
    subjectOf: (input, user) => screenSubject(db, user, input),
  });
}
