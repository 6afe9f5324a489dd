import {
  approvalFlowContracts,
  approvalFlowSchema,
  customerRefundsContracts,
  customerRefundsSchema,
  discountContracts,
  discountDetailSchema,
  manualRefundSchema,
  queryRefundsSchema,
  refundContracts,
  refundIdSchema,
  refundPayoutSchema,
  refundSurplusSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { clinicApprovalFlow } from './approval-flow.ts';
import { discountDetail, registerDiscountSubject } from './discount-approval.ts';
import { payOutRefund } from './payout.ts';
import { customerRefunds, queryRefunds, refundDetail, registerRefundSubject, requestRefunds } from './refunds.ts';

/**
 * The money path's approvals (docs/clinic-money.md "折扣审批", "Refunds"): asking for refunds,
 * what an approver reads, and the refunds' payout at the cashier. The decision itself goes through
 * the engine's own call (`/OaExamine/auditExamine` with the record id).
 */
export function registerMoneyApprovalRoutes(app: FastifyInstance, { db, registry }: Ctx) {
  // The engine's hooks of both subjects, in this app's registry (subjects.ts).
  registerDiscountSubject(registry.subjects);
  registerRefundSubject(registry.subjects);
  // An approver (the approval center) or someone who reads the customer; the service checks which.
  const approverOrReader = { any: ['oa:examine:use', 'crm:customer:read'] };
  // The approver picker (h-moneyweb): whoever opens orders or asks for refunds reads how the approval runs.
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/approval/flow',
    access: { any: ['crm:dealRecord:save', 'crm:dealRecord:update', 'crm:dealRecord:refund'] },
    schema: approvalFlowSchema,
    response: approvalFlowContracts['/clinic/approval/flow'],
    handler: ({ input }) => clinicApprovalFlow(db, input.type),
  });
  // The 成交项目 tab's refund requests (h-moneyweb).
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/refund/queryByCustomer',
    access: 'crm:customer:read',
    schema: customerRefundsSchema,
    response: customerRefundsContracts['/clinic/refund/queryByCustomer'],
    handler: ({ input, user }) => customerRefunds(db, user, input.customerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/discount/detail',
    access: approverOrReader,
    schema: discountDetailSchema,
    response: discountContracts['/clinic/discount/detail'],
    handler: ({ input, user }) => discountDetail(db, user, input.orderId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/refundSurplusProject',
    access: 'crm:dealRecord:refund',
    schema: refundSurplusSchema,
    response: refundContracts['/CrmCustomerProjectDealRecord/refundSurplusProject'],
    handler: async ({ input, user }) => {
      const { dealId, sessions, amount, ...rest } = input;
      const [row] = await requestRefunds(db, user, { ...rest, items: [{ dealId, sessions, amount }] });
      return row!;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerProjectDealRecord/manualRefund',
    access: 'crm:dealRecord:refund',
    schema: manualRefundSchema,
    response: refundContracts['/CrmCustomerProjectDealRecord/manualRefund'],
    handler: ({ input, user }) => requestRefunds(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/refund/detail',
    access: approverOrReader,
    schema: refundIdSchema,
    response: refundContracts['/clinic/refund/detail'],
    handler: ({ input, user }) => refundDetail(db, user, input.refundId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/refundPayout',
    access: 'crm:dealRecord:charge',
    schema: refundPayoutSchema,
    response: refundContracts['/clinic/cashier/refundPayout'],
    handler: ({ input, user }) => payOutRefund(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/cashier/queryRefunds',
    access: 'crm:dealRecord:charge',
    schema: queryRefundsSchema,
    response: refundContracts['/clinic/cashier/queryRefunds'],
    handler: ({ input, user }) => queryRefunds(db, user, input),
  });
}
