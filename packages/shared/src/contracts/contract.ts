import { z } from 'zod';
import { contractKind, receivablesKind } from '../records/contract.ts';
import { productLinesResponse } from '../records/product-lines.ts';
import { noData, pageOf } from './common.ts';
import { examineStatusResponse } from './examine.ts';
import { recordKindContracts, recordPageResponse, savedIdResponse } from './records.ts';

/** Answers of the contract, receivable and plan calls (docs/api/contracts.md, docs/api/receivables.md). */

export const planRowSchema = z.object({
  planId: z.number().int(),
  num: z.number().int(),
  contractId: z.number().int(),
  customerId: z.number().int(),
  money: z.number(),
  returnDate: z.string(),
  returnType: z.string(),
  remind: z.number().int(),
  remark: z.string(),
  contractNum: z.string(),
  customerName: z.string(),
  /** The receivable using the plan, if any: then the plan cannot change. */
  receivablesId: z.number().int().nullable(),
  receivablesCheckStatus: z.number().int().nullable(),
});
export type PlanRow = z.infer<typeof planRowSchema>;
export const planPageResponse = pageOf(planRowSchema);
export const freePlansResponse = z.array(z.object({ planId: z.number().int(), num: z.number().int() }));

/** The viewer's part in a record's review (the detail's 审核 block). */
export const reviewInfoResponse = z.object({
  recordId: z.number().int().nullable(),
  status: z.number().int().nullable(),
  canAudit: z.boolean(),
  canWithdraw: z.boolean(),
  /** A chosen-approver flow: an approver may name the next one. */
  chosen: z.boolean(),
});
export type ReviewInfo = z.infer<typeof reviewInfoResponse>;
export const contractConfigResponse = z.object({ status: z.number().int(), contractDay: z.number().int() });

export const contractContracts = {
  ...recordKindContracts('CrmContract', contractKind.features),
  '/CrmContract/saveAndUpdate': savedIdResponse,
  '/CrmContract/contractDiscard': noData,
  '/CrmContract/qureyProductListByContractId': productLinesResponse,
  '/CrmBusiness/queryContract': recordPageResponse,
  '/CrmContract/qureyReceivablesListByContractId': recordPageResponse,
  '/CrmContract/qureyReceivablesPlanListByContractId': planPageResponse,
  '/CrmContract/queryReceivablesPlansByContractId': freePlansResponse,
  '/CrmContract/setContractConfig': noData,
  '/CrmContract/queryContractConfig': contractConfigResponse,
  ...recordKindContracts('CrmReceivables', receivablesKind.features),
  '/CrmReceivables/saveOrUpdate': savedIdResponse,
  '/Crm/ReceivablesPlan/saveAndUpdate': savedIdResponse,
  '/Crm/ReceivablesPlan/deleteByIds': noData,
  '/CrmCustomer/queryContract': recordPageResponse,
  '/CrmCustomer/queryReceivables': recordPageResponse,
  '/CrmCustomer/queryReceivablesPlan': planPageResponse,
  '/CrmExamineRecord/queryReview': reviewInfoResponse,
  '/CrmExamineRecord/auditExamine': examineStatusResponse,
} as const;
