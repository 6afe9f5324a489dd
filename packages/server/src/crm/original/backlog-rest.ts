import {
  backlogListSchema,
  deleteFollowUpSchema,
  markFollowedSchema,
  noData,
  planPageResponse,
  recordKinds,
  recordPageResponse,
  remindPlansSchema,
  remindPlanTabs,
  systemSceneIds,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { zoneSql } from '../../core/times.ts';
import { inList } from '../../org/sql-lists.ts';
import { contractServerKind } from '../contract/kind.ts';
import { planPage } from '../contract/plans.ts';
import { customerServerKind } from '../customer/kind.ts';
import { leadsServerKind } from '../leads/kind.ts';
import { returnsWithin } from '../pool/return-job.ts';
import { readPoolRules } from '../pool/rules.ts';
import { loadRecords, memberOf, ownerScope } from '../records/access.ts';
import { deleteFollowUp } from '../records/follow-ups.ts';
import type { ServerKind } from '../records/kind.ts';
import { recordPage } from '../records/list.ts';

/**
 * The original client's last CRM to-do and follow-up calls (issue 20, docs/api.md "Aliases",
 * CRM): the 待回款提醒 and 待进入公海提醒 tabs, 标记已跟进 of the lead and customer tabs, and a
 * follow-up deleted from a record's timeline.
 */

/** The original's default 提前提醒天数 of 待进入公海提醒 (ours has no setting for it). */
export const POOL_REMIND_DAYS = 2;

const today = () => sql`(now() at time zone ${zoneSql()})::date`;
const received = sql`exists (select 1 from crm_receivables x where x.plan_id = p.plan_id)`;
const planTabs: Record<number, () => SQL> = {
  [remindPlanTabs.due]: () => sql`p.remind_date <= ${today()} and p.return_date >= ${today()} and not ${received}`,
  [remindPlanTabs.received]: () => received,
  [remindPlanTabs.overdue]: () => sql`p.return_date < ${today()} and not ${received}`,
};

export function registerBacklogRestCalls(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/CrmRecord/deleteFollowRecord',
    access: { any: recordKinds.filter((k) => k.features.followUps).map((k) => `${k.permission}:read`) },
    schema: deleteFollowUpSchema,
    response: noData,
    handler: ({ input, user }) => deleteFollowUp(db, storage, registry.kinds, user, input.followId),
  });

  // 标记已跟进: the chosen leads or customers leave their to-do tab (the scenes read the mark).
  const markFollowed = (url: string, sk: ServerKind) =>
    defineRoute(app, {
      method: 'POST',
      url,
      access: `${sk.kind.permission}:index`,
      schema: markFollowedSchema,
      response: noData,
      async handler({ input, user }) {
        const ids = [...new Set(input.ids)];
        await db.transaction(async (tx) => {
          await loadRecords(tx, sk, user, ids, 'read', { lock: true });
          await tx.execute(
            sql`update ${sql.identifier(sk.table)} set follow_marked_at = now()
                where ${sql.identifier(sk.idColumn)} in ${inList(ids)}`,
          );
        });
      },
    });
  markFollowed('/CrmBackLog/setLeadsFollowup', leadsServerKind);
  markFollowed('/CrmBackLog/setCustomerFollowup', customerServerKind);

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBackLog/remindReceivables',
    access: `${contractServerKind.kind.permission}:index`,
    schema: remindPlansSchema,
    response: planPageResponse,
    async handler({ input, user }) {
      // The plans of contracts the viewer may list: in their scope or on the contract's team.
      const scope = sql`(${ownerScope(contractServerKind, user, 'k')} or ${memberOf(contractServerKind, user, 'k')})`;
      const tab = planTabs[input.type]!();
      return planPage(db, user, sql`${scope} and ${tab}`, input.page, input.limit);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmBackLog/putInPoolRemind',
    access: `${customerServerKind.kind.permission}:index`,
    schema: backlogListSchema,
    response: recordPageResponse,
    async handler({ input, user }) {
      const { type: _t, isSub: _s, ...page } = input;
      const rules = await readPoolRules(db);
      const columns = registry.kinds.columnsOf(customerServerKind.kind.label)!;
      const [custom, computed] = await Promise.all([columns.customFields(db), columns.computedColumns?.(db)]);
      // With the pool rule off nothing returns to the pool: an empty tab.
      const due = rules.status === 1 ? returnsWithin(rules, POOL_REMIND_DAYS) : sql`false`;
      return recordPage(db, customerServerKind, custom, user, { ...page, sceneId: systemSceneIds.all }, [due], {
        computed,
      });
    },
  });
}
