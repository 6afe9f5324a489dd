import {
  addApproverSchema,
  auditExamineSchema,
  categoryIdSchema,
  clinicExamineListSchema,
  clinicExaminePageResponse,
  commentResponse,
  commentSchema,
  examineCountsSchema,
  examineDetailSchema,
  examineFieldsSchema,
  examineIdSchema,
  examineListSchema,
  examinePageResponse,
  examineSaveResponse,
  examineStatusResponse,
  examineTypeResponse,
  flowInfoSchema,
  flowPreviewSchema,
  myExamineListSchema,
  noData,
  oaExamineSaveSchema,
  originalFlowResponse,
  originalLogResponse,
  presetsSchema,
  queryFieldResponse,
  recordIdSchema,
  relationListSchema,
  returnExamineSchema,
  transferExamineSchema,
  usersByDeptResponse,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
// The registered kinds reviewed here (a test's kind too), by their declaration's `review` (issue 27, h-review).
import { reviewedServerKind } from '../../crm/records/review.ts';
import { namedUsers, userNames } from '../../org/names.ts';
import { requireReadableRecord } from '../relation.ts';
import { comment, deleteExamine, examineAction, urge } from './actions.ts';
import { requireVisibleCategory } from './category/repository.ts';
import { clinicExamines } from './clinic-list.ts';
import { examineDetail } from './detail.ts';
import { categoryFlowInfo, recordFlowInfo } from './flow-info.ts';
import { saveOaExamine } from './form.ts';
import { saveOriginalForm } from './forms/original.ts';
import { usersByDept } from './lookups.ts';
import { originalApprovalFields } from './original-fields.ts';
import { originalFlow, originalLog } from './original-flow.ts';
import type { SubjectType } from './process.ts';
import { examineCounts, listExamines, relatedExamines } from './queries.ts';
import { examineCategories } from './tables.ts';

const USE = 'oa:examine:use';

export function registerOaExamineRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/setOaExamine',
    access: USE,
    response: examineSaveResponse,
    schema: oaExamineSaveSchema,
    // The original client posts a dedicated type (leave) here too: its mapping reads the type's block.
    handler: async ({ input, user }) =>
      (await saveOriginalForm(db, storage, registry.kinds, user, input)) ??
      saveOaExamine(db, storage, registry.kinds, user, input),
  });

  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/OaExamine/auditExamine',
    access: USE,
    response: examineStatusResponse,
    schema: auditExamineSchema,
    handler: ({ input, user }) => {
      const remarks = input.remarks;
      if (input.status === 1)
        return examineAction(db, registry.subjects, input.recordId, {
          type: 'approve',
          userId: user.userId,
          remarks,
          nextUserId: input.nextUserId,
        });
      if (input.status === 2)
        return examineAction(db, registry.subjects, input.recordId, { type: 'reject', userId: user.userId, remarks });
      return examineAction(db, registry.subjects, input.recordId, {
        type: 'withdraw',
        userId: user.userId,
        remarks,
        isAdmin: user.isSuper,
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/transfer',
    access: USE,
    response: examineStatusResponse,
    schema: transferExamineSchema,
    handler: ({ input, user }) =>
      examineAction(db, registry.subjects, input.recordId, {
        type: 'transfer',
        userId: user.userId,
        toUserId: input.toUserId,
        remarks: input.remarks,
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/addApprover',
    access: USE,
    response: examineStatusResponse,
    schema: addApproverSchema,
    handler: ({ input, user }) =>
      examineAction(db, registry.subjects, input.recordId, {
        type: 'addApprover',
        userId: user.userId,
        targetIds: input.userIds,
        position: input.position,
        remarks: input.remarks,
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/returnExamine',
    access: USE,
    response: examineStatusResponse,
    schema: returnExamineSchema,
    handler: ({ input, user }) =>
      examineAction(db, registry.subjects, input.recordId, {
        type: 'return',
        userId: user.userId,
        toStep: input.toStepId === 0 ? 'applicant' : input.toStepId,
        remarks: input.remarks,
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/urge',
    access: USE,
    response: noData,
    schema: recordIdSchema,
    handler: ({ input, user }) => urge(db, input.recordId, user),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/comment',
    access: USE,
    response: commentResponse,
    schema: commentSchema,
    handler: ({ input, user }) => comment(db, input.recordId, user, input.content),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/deleteOaExamine',
    access: USE,
    response: noData,
    schema: examineIdSchema,
    handler: ({ input, user }) => deleteExamine(db, input.examineId, user),
  });

  // Lists: 我发起的, 待我审批 (type 1) / 我已审批 (type 2), 抄送我的, and the tab counts.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/myInitiate',
    access: USE,
    response: examinePageResponse,
    schema: examineListSchema,
    handler: ({ input, user }) => listExamines(db, 'initiate', user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/myOaExamine',
    access: USE,
    response: examinePageResponse,
    schema: myExamineListSchema,
    handler: ({ input, user }) => listExamines(db, input.type === 1 ? 'waiting' : 'handled', user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/myCopyExamine',
    access: USE,
    response: examinePageResponse,
    schema: examineListSchema,
    handler: ({ input, user }) => listExamines(db, 'copied', user, input),
  });
  // The clinic's approvals (折扣审批, 退费审核) of a tab, listed beside the OA rows (h-capprove).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/clinicExamines',
    access: USE,
    response: clinicExaminePageResponse,
    schema: clinicExamineListSchema,
    handler: ({ input, user }) => clinicExamines(db, user.userId, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryExamineCounts',
    access: USE,
    response: examineCountsSchema,
    handler: ({ user }) => examineCounts(db, user.userId),
  });

  // Detail and its parts.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryOaExamineInfo',
    access: USE,
    response: examineDetailSchema,
    schema: examineIdSchema,
    handler: ({ input, user }) => examineDetail(db, input.examineId, user),
  });
  defineRoute(app, {
    method: 'POST',
    // The original client's 审批 tab of a CRM record's detail page (issue 20).
    url: '/OaExamine/queryExamineRelation',
    access: USE,
    schema: relationListSchema,
    response: examinePageResponse,
    handler: async ({ input, user }) => {
      await requireReadableRecord(db, registry.kinds, user, input.label, input.id);
      return relatedExamines(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/getField',
    access: USE,
    // The original client's edit form: the category's fields with this approval's values.
    response: queryFieldResponse,
    schema: examineFieldsSchema,
    handler: ({ input, user }) => originalApprovalFields(db, user, input.examineId),
  });
  // The flow and history by the approval's record, in the original client's shape (its flow
  // views send `recordId`; the CRM's names serve contract and receivable reviews alike).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryExamineRecordList',
    aliases: ['/examineRecord/queryExamineRecordList'],
    access: USE,
    response: originalFlowResponse,
    schema: recordIdSchema,
    handler: ({ input, user }) => originalFlow(db, input.recordId, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryExamineLogList',
    aliases: ['/examineRecord/queryExamineLogList'],
    access: USE,
    response: originalLogResponse,
    schema: recordIdSchema,
    handler: ({ input, user }) => originalLog(db, input.recordId, user),
  });

  // What a form needs before submitting: the flow, presets and the people to choose from.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryExamineFlowInfo',
    // The original client's names of the same preview: by category, or a record's (`id`, `categoryType`:
    // the contract and receivable forms ask for their flow here).
    aliases: ['/OaExamine/queryExaminStep', '/examine/queryExaminStep'],
    access: USE,
    response: flowPreviewSchema,
    schema: flowInfoSchema,
    async handler({ input, user }) {
      if (input.categoryId) return categoryFlowInfo(db, input.categoryId, user, input);
      // A record reviewed on the engine: its kind's declaration names its subject (one of the
      // engine's subject types, process.ts) and its category.
      const review = input.categoryType
        ? reviewedServerKind(registry.kinds, input.categoryType)?.kind.review
        : undefined;
      if (input.id && review)
        return recordFlowInfo(
          db,
          registry.subjects,
          { subjectType: review.subject as SubjectType, subjectId: input.id },
          user,
        );
      // A record not yet submitted: the flow its kind is configured with.
      if (review) {
        const type = review.category;
        const [category] = await db
          .select({ id: examineCategories.id })
          .from(examineCategories)
          .where(
            and(
              eq(examineCategories.type, type),
              eq(examineCategories.isDeleted, false),
              eq(examineCategories.status, 1),
            ),
          );
        if (!category) throw badRequest('没有启动的审核步骤，不能添加！');
        return categoryFlowInfo(db, category.id, user, input);
      }
      throw badRequest('请指定审批类型或记录');
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryExamineStep',
    access: USE,
    response: examineTypeResponse,
    schema: categoryIdSchema,
    async handler({ input, user }) {
      const category = await requireVisibleCategory(db, input.categoryId, user);
      return { examineType: category.examineType };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryExamineUsers',
    access: USE,
    response: presetsSchema,
    schema: categoryIdSchema,
    async handler({ input, user }) {
      const category = await requireVisibleCategory(db, input.categoryId, user);
      const names = await userNames(db, [...category.examineUserIds, ...category.ccUserIds]);
      return {
        examineUsers: namedUsers(names, category.examineUserIds),
        ccUsers: namedUsers(names, category.ccUserIds),
      };
    },
  });
  for (const url of [
    '/OaExamine/queryExamineUserList',
    '/OaExamine/queryCopyUserList',
    '/OaExamine/queryHandoverUserList',
  ]) {
    defineRoute(app, {
      method: 'POST',
      url,
      access: USE,
      response: usersByDeptResponse,
      handler: () => usersByDept(db),
    });
  }
}
