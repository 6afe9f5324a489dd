import {
  bankLabelListResponse,
  bankLabelSavedResponse,
  bankLabelSaveSchema,
  bankNameResponse,
  bankNameSchema,
  type ExamineFormSubmitInput,
  examineFormDetailSchema,
  examineFormSubmitSchema,
  examineForms,
  examineIdSchema,
  examineSaveResponse,
  guestChoiceListResponse,
  guestChoiceQuerySchema,
  guestChoiceSchema,
  guestDetailQuerySchema,
  guestNameListResponse,
  guestNameQuerySchema,
  labelIdSchema,
  leaveAllowanceResponse,
  leaveAllowanceSchema,
  leaveBalanceResponse,
  leaveTypeListResponse,
  leaveTypes,
  projectListResponse,
  projectListSchema,
  staffInfoResponse,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../../core/route.ts';
import { queryRows } from '../../../core/sql.ts';
import { bankNameOf } from '../../../crm/store/bank.ts';
import { listBankLabels, removeBankLabel, saveBankLabel } from './bank-labels.ts';
import { customerNames, guestChoices, loadGuests } from './guests.ts';
import { customerProjects } from './hr-stores.ts';
import { leaveBalance, readAllowances, saveAllowances } from './leave-balance.ts';
import { examineFormDetail, submitExamineForm } from './submit.ts';

const USE = 'oa:examine:use';
const MANAGE = 'manage:oa:examine';

/** Each dedicated type's submit call and detail loader, and the lookups its form reads. */
export function registerExamineFormRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  for (const def of examineForms) {
    defineRoute(app, {
      method: 'POST',
      url: def.submitPath,
      access: USE,
      response: examineSaveResponse,
      schema: examineFormSubmitSchema(def),
      handler: ({ input, user }) =>
        submitExamineForm(db, storage, registry.kinds, user, def, input as ExamineFormSubmitInput),
    });
    defineRoute(app, {
      method: 'POST',
      url: def.detailPath,
      access: USE,
      response: examineFormDetailSchema,
      schema: examineIdSchema,
      handler: ({ input, user }) => examineFormDetail(db, user, def, input.examineId),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryLeaveTypeSelect',
    access: USE,
    response: leaveTypeListResponse,
    handler: () => leaveTypes.map((t) => ({ id: t.id, name: t.name })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryLeaveBalance',
    access: USE,
    response: leaveBalanceResponse,
    handler: ({ user }) => leaveBalance(db, user.userId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryLeaveAllowance',
    access: MANAGE,
    response: leaveAllowanceResponse,
    handler: () => readAllowances(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/setLeaveAllowance',
    access: MANAGE,
    response: leaveAllowanceResponse,
    schema: leaveAllowanceSchema,
    handler: ({ input }) => saveAllowances(db, input.allowances),
  });

  // 追加单 guests: customers (type 1) or shops (type 2) the applicant may see (their CRM scope).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryCustomerSelectList',
    access: USE,
    response: guestChoiceListResponse,
    schema: guestChoiceQuerySchema,
    handler: async ({ input, user }) => ({ list: await guestChoices(db, user, input.type, input.search) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryCustomerNameList',
    access: USE,
    response: guestNameListResponse,
    schema: guestNameQuerySchema,
    handler: async ({ input, user }) => ({ list: await customerNames(db, user, input.search) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryCustomerDetail',
    access: USE,
    response: guestChoiceSchema,
    schema: guestDetailQuerySchema,
    handler: async ({ input, user }) =>
      (await loadGuests(db, user, input.type, [input.customerId])).get(input.customerId)!,
  });

  // The applicant's own staff data, for the HR forms' auto-fill.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryStaffInfo',
    access: USE,
    response: staffInfoResponse,
    async handler({ user }) {
      const [r] = await queryRows<{ realname: string; dept_id: number | null; dept_name: string | null; post: string }>(
        db,
        sql`select u.realname, u.dept_id, d.name as dept_name, u.post
            from sys_user u left join sys_dept d on d.dept_id = u.dept_id where u.user_id = ${user.userId}`,
      );
      return {
        userId: user.userId,
        realName: r?.realname ?? '',
        deptId: r?.dept_id ?? null,
        deptName: r?.dept_name ?? '',
        post: r?.post ?? '',
        idCard: '',
      };
    },
  });

  // A customer's projects (问题客户's project field): only for a customer the applicant may read.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryProjectList',
    access: USE,
    response: projectListResponse,
    schema: projectListSchema,
    handler: ({ input, user }) => customerProjects(db, registry.kinds, user, input.customerId),
  });

  // Payee labels (OaExamineBankLabel): each person's own.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineBankLabel/queryListByUserId',
    access: USE,
    response: bankLabelListResponse,
    handler: ({ user }) => listBankLabels(db, user.userId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineBankLabel/save',
    access: USE,
    response: bankLabelSavedResponse,
    schema: bankLabelSaveSchema,
    handler: ({ input, user }) => saveBankLabel(db, user.userId, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineBankLabel/remove',
    access: USE,
    response: bankLabelSavedResponse,
    schema: labelIdSchema,
    handler: ({ input, user }) => removeBankLabel(db, user.userId, input.labelId),
  });
  // The bank of a card number (10 or more digits), from the BIN table the shop form uses.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineBankLabel/queryBankName',
    access: USE,
    response: bankNameResponse,
    schema: bankNameSchema,
    handler: ({ input }) => ({ bankName: bankNameOf(input.cardNumber) }),
  });
}
