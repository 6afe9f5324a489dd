import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { backlog } from '../../workbench/backlog.ts';
import { ownerScope } from '../records/access.ts';
import { contractServerKind } from './kind.ts';
import { readContractConfig } from './routes.ts';

/**
 * The contract to-dos of `CrmBackLog/num` (docs/api/contracts.md): checkContract / checkReceivables
 * — reviews waiting for the viewer; remindReceivablesPlan — unreceived plans of contracts in the
 * viewer's scope whose reminder day has come and return day not passed; endContract — approved
 * contracts in scope ending within the configured days (when the reminder is on).
 */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

async function count(db: Db, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

const waitingReviews = (subject: 'contract' | 'receivable', perm: string) => (db: Db, user: SessionUser) =>
  hasPermission(user, perm)
    ? count(
        db,
        sql`select count(distinct t.record_id)::int as n from examine_task t
            join examine_record e on e.record_id = t.record_id
            where t.user_id = ${user.userId} and t.status = 'pending' and not t.superseded
              and e.subject_type = ${subject}`,
      )
    : Promise.resolve(0);

export const plansToRemind = (db: Db, user: SessionUser) =>
  hasPermission(user, 'crm:contract:index')
    ? count(
        db,
        sql`select count(*)::int as n from crm_receivables_plan p join crm_contract r on r.contract_id = p.contract_id
            where p.remind_date <= ${today} and p.return_date >= ${today}
              and not exists (select 1 from crm_receivables x where x.plan_id = p.plan_id)
              and ${ownerScope(contractServerKind, user)}`,
      )
    : Promise.resolve(0);

export async function contractsEnding(db: Db, user: SessionUser) {
  if (!hasPermission(user, 'crm:contract:index')) return 0;
  const config = await readContractConfig(db);
  if (config.status !== 1) return 0;
  return count(
    db,
    sql`select count(*)::int as n from crm_contract r
        where r.check_status = 1 and r.end_time >= ${today} and r.end_time <= ${today} + ${config.contractDay}::int
          and ${ownerScope(contractServerKind, user)}`,
  );
}

backlog.register('checkContract', waitingReviews('contract', 'crm:contract:read'));
backlog.register('checkReceivables', waitingReviews('receivable', 'crm:receivables:read'));
backlog.register('remindReceivablesPlan', plansToRemind);
backlog.register('endContract', contractsEnding);
