import type { z } from 'zod';
import { bannerIdSchema, bannerOrderSchema, bannerSaveSchema } from '../../banners/index.ts';
import {
  declAuditSchema,
  declCellSchema,
  declFormPageSchema,
  declMyListSchema,
  declSubmissionIdSchema,
  declSubmitSchema,
  declTaskIdSchema,
  declTaskListSchema,
  declTaskSaveSchema,
} from '../../declarations/schemas.ts';

/** What the calls of one area read, by path (issue 27; contracts/inputs/index.ts). Workbench: declaration forms and app home images. */
export const workbenchInputs = {
  '/api/DeclarationFromDept/queryDeptTypeByOne': declTaskIdSchema,
  '/api/declaration/appletRevoke': declTaskIdSchema,
  '/api/declaration/auditForm': declAuditSchema,
  '/api/declaration/queryFormById': declSubmissionIdSchema,
  '/api/declaration/queryMyDeclarationForm': declMyListSchema,
  '/api/declaration/queryTaskList': declTaskListSchema,
  '/api/declaration/queryWaitAuditFormTaskList': declTaskListSchema,
  '/api/declaration/removeById': declTaskIdSchema,
  '/api/declaration/saveTask': declTaskSaveSchema,
  '/api/declaration/statistical': declTaskIdSchema,
  '/api/declaration/submitForm': declSubmitSchema,
  '/api/declaration/taskCreateUserByTaskId': declTaskIdSchema,
  '/api/declaration/updateCell': declCellSchema,
  '/api/declaration/webPageQueryForm': declFormPageSchema,
  '/api/declaration/webPageQueryFormExport': declFormPageSchema,
  '/task/queryTaskById': declTaskIdSchema,
  '/workbench/banner/delete': bannerIdSchema,
  '/workbench/banner/save': bannerSaveSchema,
  '/workbench/banner/sort': bannerOrderSchema,
} satisfies Record<string, z.ZodType>;
