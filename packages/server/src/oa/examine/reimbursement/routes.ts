import { reimbursementContracts, reimbursementLinkMaxDays, reimbursementLinkSchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { defineOpenLinkAdminRoutes, defineOpenRoute } from '../../../core/open-links/routes.ts';
import type { Ctx } from '../../../core/route.ts';
import { checkClaimForLinks, reimbursementClaim } from './claim.ts';

/** /reimbursementDetail (docs/open-links.md): links per approved expense claim, and the open read. */
export function registerReimbursementRoutes(app: FastifyInstance, ctx: Ctx): void {
  defineOpenLinkAdminRoutes(app, ctx, {
    base: '/OaExamine/reimbursementLink',
    purpose: 'reimbursement',
    // Whoever may see the approval (checked per claim by subjectOf).
    access: 'login',
    contracts: reimbursementContracts,
    maxDays: reimbursementLinkMaxDays,
    extra: reimbursementLinkSchema,
    scoped: true,
    subjectOf: (input, user) => checkClaimForLinks(ctx.db, input.examineId, user),
  });
  defineOpenRoute(app, ctx, {
    url: '/open/reimbursement/detail',
    purpose: 'reimbursement',
    response: reimbursementContracts['/open/reimbursement/detail'],
    handler: ({ link }) => reimbursementClaim(ctx.db, Number(link.subject.examineId)),
  });
}
