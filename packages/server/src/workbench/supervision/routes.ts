import {
  CheckPermission,
  checkContracts,
  checkPlanIdSchema,
  checkPlanListSchema,
  checkPlanSaveSchema,
  checkRecordSchema,
  checkSubmitSchema,
  checkSummarySchema,
  checkTemplateIdSchema,
  checkTemplateListSchema,
  checkTemplateSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerFileOwners } from './file-owner.ts';
import { recordItem, startPlan, submitPlan } from './inspect.ts';
import { cancelPlan, savePlan } from './plans.ts';
import { listPlans, planDetail } from './queries.ts';
import { checkSummary, sendSummarySheet } from './summary.ts';
import { deleteTemplate, listTemplates, saveTemplate, templateDetail } from './templates.ts';

const { manage, inspect, summary } = CheckPermission;
const anyCheck = { any: [manage, inspect, summary] };
const c = checkContracts;

/**
 * Supervision (docs/workbench-supervision.md): templates and plans behind `oa:check:manage`; the
 * assigned inspector works a plan with `oa:check:inspect`; the summary is `oa:check:summary`.
 * Every plan call also checks the viewer's part in that plan (access.ts).
 */
export function registerSupervisionRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/queryTemplateList',
    access: manage,
    schema: checkTemplateListSchema,
    response: c['/OaCheck/queryTemplateList'],
    handler: ({ input, user }) => listTemplates(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/queryTemplate',
    access: manage,
    schema: checkTemplateIdSchema,
    response: c['/OaCheck/queryTemplate'],
    handler: ({ input }) => templateDetail(db, input.templateId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/saveTemplate',
    access: manage,
    schema: checkTemplateSaveSchema,
    response: c['/OaCheck/saveTemplate'],
    handler: ({ input, user }) => saveTemplate(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/deleteTemplate',
    access: manage,
    schema: checkTemplateIdSchema,
    response: c['/OaCheck/deleteTemplate'],
    handler: ({ input }) => deleteTemplate(db, input.templateId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/queryPlanList',
    access: anyCheck,
    schema: checkPlanListSchema,
    response: c['/OaCheck/queryPlanList'],
    handler: ({ input, user }) => listPlans(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/queryPlan',
    access: anyCheck,
    schema: checkPlanIdSchema,
    response: c['/OaCheck/queryPlan'],
    handler: ({ input, user }) => planDetail(db, user, input.planId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/savePlan',
    access: manage,
    schema: checkPlanSaveSchema,
    response: c['/OaCheck/savePlan'],
    handler: ({ input, user }) => savePlan(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/cancelPlan',
    access: manage,
    schema: checkPlanIdSchema,
    response: c['/OaCheck/cancelPlan'],
    handler: ({ input, user }) => cancelPlan(db, user, input.planId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/startPlan',
    access: inspect,
    schema: checkPlanIdSchema,
    response: c['/OaCheck/startPlan'],
    handler: ({ input, user }) => startPlan(db, user, input.planId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/recordItem',
    access: inspect,
    schema: checkRecordSchema,
    response: c['/OaCheck/recordItem'],
    handler: ({ input, user }) => recordItem(db, storage, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/submitPlan',
    access: inspect,
    schema: checkSubmitSchema,
    response: c['/OaCheck/submitPlan'],
    handler: ({ input, user }) => submitPlan(db, storage, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/summary',
    access: summary,
    schema: checkSummarySchema,
    response: c['/OaCheck/summary'],
    handler: async ({ input, user }) => ({ list: await checkSummary(db, user, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaCheck/excelExport',
    access: summary,
    schema: checkSummarySchema,
    handler: async ({ input, user, reply }) => sendSummarySheet(reply, input, await checkSummary(db, user, input)),
  });
}
