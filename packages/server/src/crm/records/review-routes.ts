import { contractContracts as answers, crmAuditSchema, reviewSubjectSchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { examineAction } from '../../oa/examine/actions.ts';
import { recordOf, requireReviewReader, reviewedServerKind, reviewInfo, reviewRecordOf } from './review.ts';

/**
 * The review calls of every kind reviewed on the approval engine (its declaration's `review`):
 * the viewer's part in a record's review, and their action on it. The kind is named by its
 * `categoryType`; a number no registered kind is reviewed under is refused.
 */
export function registerRecordReviewRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const kindOf = (categoryType: number) => {
    const sk = reviewedServerKind(ctx.registry.kinds, categoryType);
    if (!sk) throw badRequest('审批对象类型有误');
    return sk;
  };
  const reader = async (categoryType: number, id: number, user: SessionUser) => {
    const sk = kindOf(categoryType);
    await requireReviewReader(db, sk, id, user);
    return sk;
  };
  defineRoute(app, {
    method: 'POST',
    url: '/CrmExamineRecord/queryReview',
    // The kind's read permission is checked per call (requireReviewReader): kinds register after this.
    access: 'login',
    schema: reviewSubjectSchema,
    response: answers['/CrmExamineRecord/queryReview'],
    async handler({ input, user }) {
      const sk = await reader(input.categoryType, input.id, user);
      return reviewInfo(db, sk, input.id, user);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmExamineRecord/auditExamine',
    aliases: ['/examineRecord/auditExamine'],
    // The kind's read permission is checked per call (requireReviewReader): kinds register after this.
    access: 'login',
    schema: crmAuditSchema,
    response: answers['/CrmExamineRecord/auditExamine'],
    async handler({ input, user }) {
      // The original names the review by its record (`recordId`) instead of the subject's type.
      let recordId: number;
      if (input.categoryType === undefined) {
        const review = await reviewRecordOf(db, ctx.registry.kinds, input.recordId, input.id);
        await requireReviewReader(db, review.sk, input.id, user);
        recordId = review.id;
      } else {
        const sk = await reader(input.categoryType, input.id, user);
        recordId = await recordOf(db, sk, input.id);
      }
      const remarks = input.remarks;
      if (input.status === 1)
        return examineAction(db, ctx.registry.subjects, recordId, {
          type: 'approve',
          userId: user.userId,
          remarks,
          nextUserId: input.nextUserId,
        });
      if (input.status === 2)
        return examineAction(db, ctx.registry.subjects, recordId, { type: 'reject', userId: user.userId, remarks });
      return examineAction(db, ctx.registry.subjects, recordId, {
        type: 'withdraw',
        userId: user.userId,
        remarks,
        isAdmin: user.isSuper,
      });
    },
  });
}
