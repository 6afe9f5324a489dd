import { leadsKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { zoneSql } from '../../core/times.ts';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { leads } from './tables.ts';

/**
 * Leads on the record machinery (tables.ts). Converted leads are listed under their own system
 * scene only (`converted`); every other scene, saved scene and picker leaves them out.
 */
export const leadsServerKind: ServerKind = {
  kind: leadsKind,
  routePrefix: 'CrmLeads',
  table: 'crm_leads',
  pgTable: leads,
  idColumn: 'leads_id',
  columns: {
    ...fixedColumns(leadsKind),
    // Set by the conversion only (convert.ts), never by the form; the detail shows them.
    isTransform: { column: 'is_transform', type: 'boolean' },
    customerId: { column: 'customer_id', type: 'number' },
  },
  scenes: {
    converted: () => sql`r.is_transform = true`,
    // followLeads of CrmBackLog/num: not converted, next follow-up before the company's next midnight,
    // and not marked 已跟进 since that time was set (a later next time makes it due again).
    followUp: () =>
      sql`r.is_transform = false and r.next_time < (date_trunc('day', now() at time zone ${zoneSql()}) at time zone ${zoneSql()}) + interval '1 day'
        and (r.follow_marked_at is null or r.follow_marked_at < r.next_time)`,
  },
  listWhere: sql`r.is_transform = false`,
};
