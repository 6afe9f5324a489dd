import { discountContracts, discountDetailSchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { discountDetail } from './discount-approval.ts';

/**
 * The money path's approvals (docs/clinic-money.md "折扣审批"): what an approver reads. The
 * decision itself goes through the engine's own call (`/OaExamine/auditExamine` with the record id).
 */
export function registerMoneyApprovalRoutes(app: FastifyInstance, { db }: Ctx) {
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/discount/detail',
    // An approver (the approval center) or someone who reads the customer; the service checks which.
    access: { any: ['oa:examine:use', 'crm:customer:read'] },
    schema: discountDetailSchema,
    response: discountContracts['/clinic/discount/detail'],
    handler: ({ input, user }) => discountDetail(db, user, input.orderId),
  });
}
