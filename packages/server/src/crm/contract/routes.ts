import {
  contractContracts as answers,
  businessContractPageSchema,
  CheckStatus,
  ContractMsg,
  contractConfigSchema,
  contractDiscardSchema,
  contractIdPageSchema,
  contractIdSchema,
  contractSaveSchema,
  customerIdPageSchema,
  ModuleCode,
  noData,
  planIdsSchema,
  planSaveSchema,
  receivablesSaveSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../core/access.ts';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { sysConfig } from '../../db/schema.ts';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';
import { businessServerKind } from '../business/kind.ts';
import { customerServerKind } from '../customer/kind.ts';
import { deleteProductLines, loadProductLines } from '../product-lines/lines.ts';
import { loadRecord, loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { relatedPage } from '../records/related.ts';
import { registerRecordKind } from '../records/routes.ts';
import { registerBacklogCounters } from './backlog.ts';
import { importContractRow, importReceivablesRow } from './import.ts';
import { contractComputed, contractServerKind, receivablesComputed, receivablesServerKind } from './kind.ts';
import { deletePlans, freePlans, planPage, savePlan } from './plans.ts';
import { closeDeal } from './review.ts';
import { saveContract, saveReceivables } from './save.ts';

const CONFIG_KEY = 'crmContractConfig';

/** Contracts, receivables and plans (docs/api/contracts.md, docs/api/receivables.md). */
export function registerContractRoutes(app: FastifyInstance, ctx: Ctx) {
  registerBacklogCounters(ctx.registry);
  registerDeleteRules(ctx.registry);
  const { db } = ctx;
  const { subjects } = ctx.registry;
  registerRecordKind(app, ctx, contractServerKind, {
    // Imported rows are drafts, saved by the contract's own save with its form's rules (import.ts).
    excelImport: { save: (tx, user, row) => importContractRow(tx, subjects, user, row) },
    computedColumns: async () => contractComputed,
    // DECISIONS: final approval of a contract marks its customer as closed-deal (review.ts).
    onApproved: closeDeal,
    // DECISIONS: a contract with receivables cannot be deleted.
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => Number(r.contract_id));
      const [used] = await queryRows(
        tx,
        sql`select 1 from crm_receivables where contract_id in ${inList(ids)} limit 1`,
      );
      if (used) throw badRequest(ContractMsg.hasReceivables);
      await deleteProductLines(tx, contractServerKind.kind.label, ids);
    },
  });
  registerRecordKind(app, ctx, receivablesServerKind, {
    excelImport: { save: (tx, user, row) => importReceivablesRow(tx, subjects, user, row) },
    computedColumns: async () => receivablesComputed,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/saveAndUpdate',
    access: { any: ['crm:contract:save', 'crm:contract:update'] },
    schema: contractSaveSchema,
    response: answers['/CrmContract/saveAndUpdate'],
    handler: ({ input, user }) => saveContract(db, subjects, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmReceivables/saveOrUpdate',
    access: { any: ['crm:receivables:save', 'crm:receivables:update'] },
    schema: receivablesSaveSchema,
    response: answers['/CrmReceivables/saveOrUpdate'],
    handler: ({ input, user }) => saveReceivables(db, subjects, user, input),
  });

  // 作废: approved contracts only, each writable by the caller, logged.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/contractDiscard',
    access: 'crm:contract:discard',
    schema: contractDiscardSchema,
    response: noData,
    async handler({ input, user }) {
      const ids = [...new Set(input.ids)];
      await db.transaction(async (tx) => {
        const loaded = await loadRecords(tx, contractServerKind, user, ids, 'write', { lock: true });
        if (loaded.some((l) => Number(l.row.check_status) !== CheckStatus.approved))
          throw badRequest(ContractMsg.discardOnlyApproved);
        await tx.execute(
          sql`update crm_contract set check_status = ${CheckStatus.discarded}, update_time = now() where contract_id in ${inList(ids)}`,
        );
        await logAction(
          tx,
          contractServerKind,
          ids.map((recordId) => ({
            recordId,
            userId: user.userId,
            action: 'discard' as const,
            changes: [{ field: 'checkStatus', name: '审核状态', before: '通过', after: '作废' }],
          })),
        );
      });
      return null;
    },
  });

  // The contract's product lines, answered as an opportunity's (`CrmBusiness/queryProduct`).
  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/qureyProductListByContractId',
    access: 'crm:contract:read',
    schema: contractIdSchema,
    response: answers['/CrmContract/qureyProductListByContractId'],
    async handler({ input, user }) {
      await loadRecord(db, contractServerKind, user, input.contractId, 'read');
      return loadProductLines(db, user, contractServerKind.kind.label, input.contractId);
    },
  });

  // An opportunity's 合同 tab: the contracts made from it that the viewer may see.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmBusiness/queryContract',
    access: 'crm:business:read',
    schema: businessContractPageSchema,
    response: answers['/CrmBusiness/queryContract'],
    async handler({ input, user }) {
      await loadRecord(db, businessServerKind, user, input.businessId, 'read');
      requirePermission(user, 'crm:contract:index');
      const where = sql`r.business_id = ${input.businessId}`;
      return relatedPage(db, contractServerKind, user, where, input, contractComputed);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/qureyReceivablesListByContractId',
    access: 'crm:contract:read',
    schema: contractIdPageSchema,
    response: answers['/CrmContract/qureyReceivablesListByContractId'],
    async handler({ input, user }) {
      await loadRecord(db, contractServerKind, user, input.contractId, 'read');
      requirePermission(user, 'crm:receivables:index');
      return relatedPage(
        db,
        receivablesServerKind,
        user,
        sql`r.contract_id = ${input.contractId}`,
        input,
        receivablesComputed,
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/qureyReceivablesPlanListByContractId',
    access: 'crm:contract:read',
    schema: contractIdPageSchema,
    response: answers['/CrmContract/qureyReceivablesPlanListByContractId'],
    async handler({ input, user }) {
      await loadRecord(db, contractServerKind, user, input.contractId, 'read');
      return planPage(db, user, sql`p.contract_id = ${input.contractId}`, input.page, input.limit);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/queryReceivablesPlansByContractId',
    access: { any: ['crm:receivables:save', 'crm:receivables:update'] },
    schema: contractIdSchema,
    response: answers['/CrmContract/queryReceivablesPlansByContractId'],
    async handler({ input, user }) {
      await loadRecord(db, contractServerKind, user, input.contractId, 'read');
      return freePlans(db, input.contractId);
    },
  });

  // The expiry reminder (CrmBackLog endContract): on or off, and how many days ahead.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/setContractConfig',
    access: 'manage:crm:setting',
    schema: contractConfigSchema,
    response: noData,
    async handler({ input }) {
      if (input.status === 1 && !input.contractDay) throw badRequest(ContractMsg.configInvalid);
      const value = JSON.stringify({ status: input.status, contractDay: input.contractDay ?? 0 });
      await db
        .insert(sysConfig)
        .values({ key: CONFIG_KEY, value })
        .onConflictDoUpdate({ target: sysConfig.key, set: { value } });
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmContract/queryContractConfig',
    access: 'manage:crm:setting',
    response: answers['/CrmContract/queryContractConfig'],
    handler: () => readContractConfig(db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/Crm/ReceivablesPlan/saveAndUpdate',
    access: { any: ['crm:receivablesPlan:save', 'crm:receivablesPlan:update'] },
    schema: planSaveSchema,
    response: answers['/Crm/ReceivablesPlan/saveAndUpdate'],
    handler({ input, user }) {
      requirePermission(user, input.planId === undefined ? 'crm:receivablesPlan:save' : 'crm:receivablesPlan:update');
      return savePlan(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/Crm/ReceivablesPlan/deleteByIds',
    access: 'crm:receivablesPlan:delete',
    schema: planIdsSchema,
    response: noData,
    handler: ({ input, user }) => deletePlans(db, user, input.ids),
  });

  // The customer's tabs.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryContract',
    access: 'crm:contract:index',
    schema: customerIdPageSchema,
    response: answers['/CrmCustomer/queryContract'],
    async handler({ input, user }) {
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      const status = input.checkStatus === undefined ? sql`` : sql` and r.check_status = ${input.checkStatus}`;
      const where = sql`r.customer_id = ${input.customerId}${status}`;
      return relatedPage(db, contractServerKind, user, where, input, contractComputed);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryReceivables',
    access: 'crm:receivables:index',
    schema: customerIdPageSchema,
    response: answers['/CrmCustomer/queryReceivables'],
    async handler({ input, user }) {
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      const where = sql`r.customer_id = ${input.customerId}`;
      return relatedPage(db, receivablesServerKind, user, where, input, receivablesComputed);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/queryReceivablesPlan',
    access: 'crm:contract:read',
    schema: customerIdPageSchema,
    response: answers['/CrmCustomer/queryReceivablesPlan'],
    async handler({ input, user }) {
      await loadRecord(db, customerServerKind, user, input.customerId, 'read');
      return planPage(db, user, sql`p.customer_id = ${input.customerId}`, input.page, input.limit);
    },
  });
}

/** The expiry reminder setting; off until an administrator turns it on. */
export async function readContractConfig(db: Tx): Promise<{ status: number; contractDay: number }> {
  const rows = await queryRows<{ value: string }>(db, sql`select value from sys_config where key = ${CONFIG_KEY}`);
  if (!rows[0]) return { status: 0, contractDay: 0 };
  const v = JSON.parse(rows[0].value) as { status?: number; contractDay?: number };
  return { status: Number(v.status ?? 0), contractDay: Number(v.contractDay ?? 0) };
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerDeleteRules(registry: AppRegistry): void {
  // An opportunity its contracts were made from stays (from any call deleting it): they name it.
  registry.recordDeletes.refuseDeleteWhileLinked(ModuleCode.business, async (tx, ids) => {
    const [used] = await queryRows(tx, sql`select 1 from crm_contract where business_id in ${inList(ids)} limit 1`);
    if (used) throw badRequest(ContractMsg.businessHasContracts);
  });
}
