import type { FastifyInstance } from 'fastify';
import { registerBiRoutes } from './bi/routes.ts';
import { registerCashierRoutes } from './clinic/cashier/routes.ts';
import { registerCatalogueRoutes } from './clinic/catalogue/routes.ts';
import { registerLotteryRoutes } from './clinic/lottery/routes.ts';
import { registerMoneyReadRoutes } from './clinic/money/reads/routes.ts';
import { registerMoneyRoutes } from './clinic/money/routes.ts';
import { registerNurseRoutes } from './clinic/nurse/routes.ts';
import { registerPhotoRoutes } from './clinic/photos/routes.ts';
import { registerReviewRoutes } from './clinic/reviews/routes.ts';
import { registerClinicSettingsRoutes } from './clinic/settings/routes.ts';
import { registerRecordRoutes } from './clinic/visits/record-routes.ts';
import { registerVisitRoutes } from './clinic/visits/routes.ts';
import { registerWardRoutes } from './clinic/ward/routes.ts';
import type { Ctx } from './core/route.ts';
import { registerAgencyRoutes } from './crm/agency/routes.ts';
import { registerBusinessRoutes } from './crm/business/routes.ts';
import { registerBusinessContactsRoutes } from './crm/business-contacts/routes.ts';
import { registerCallCentreRoutes } from './crm/call-centre/routes.ts';
import { registerContactsRoutes } from './crm/contacts/routes.ts';
import { registerContractRoutes } from './crm/contract/routes.ts';
import { registerCustomerRoutes } from './crm/customer/routes.ts';
import { registerCrmFieldRoutes } from './crm/fields/routes.ts';
import { registerLeadsRoutes } from './crm/leads/routes.ts';
import { registerBacklogRestCalls } from './crm/original/backlog-rest.ts';
import { registerDuplicateCheckRoutes } from './crm/original/duplicate-check.ts';
import { registerImportMessageRoutes } from './crm/original/import-messages.ts';
import { registerListConfigRoutes } from './crm/original/list-config.ts';
import { startPoolReturnJob } from './crm/pool/return-job.ts';
import { registerPoolRoutes } from './crm/pool/routes.ts';
import { registerProductRoutes } from './crm/product/routes.ts';
import { registerOriginalRecordCalls } from './crm/records/original-routes.ts';
// Review calls of reviewed record kinds (issue 27, h-review).
import { registerRecordReviewRoutes } from './crm/records/review-routes.ts';
import { registerScreeningRoutes } from './crm/screening/routes.ts';
import { registerCrmSettingRoutes } from './crm/settings/routes.ts';
import { registerStoreRoutes } from './crm/store/routes.ts';
import { registerCrmWorkbenchRoutes } from './crm/workbench/routes.ts';
import { registerOriginalAddressBookRoutes } from './oa/address-book/original.ts';
import { registerAddressBookRoutes } from './oa/address-book/routes.ts';
import { registerCommentRoutes } from './oa/comments/routes.ts';
import { registerReviewFlowRoutes } from './oa/examine/category/review-flow-routes.ts';
import { registerExamineRoutes } from './oa/examine/routes.ts';
import { registerJournalRoutes } from './oa/journal/routes.ts';
import { registerLocationRoutes } from './oa/location/routes.ts';
import { registerNoticeRoutes } from './oa/notice/routes.ts';
import { registerPlanRoutes } from './oa/plan/routes.ts';
import { registerScheduleRoutes } from './oa/schedule/routes.ts';
import { registerTaskRoutes } from './oa/task/routes.ts';
import { registerBannerRoutes } from './workbench/banners/routes.ts';
import { registerDeclarationRoutes } from './workbench/declarations/routes.ts';
import { registerMealRoutes } from './workbench/meals/routes.ts';
import { registerQuizRoutes } from './workbench/quizzes/routes.ts';
import { registerSignInRoutes } from './workbench/sign-in/routes.ts';
import { registerSupervisionRoutes } from './workbench/supervision/routes.ts';

/**
 * A feature of the app: its calls, and what it declares into the app's registry (registry.ts:
 * to-do counters, feed and reminder sources, file owners, deletion rules), all from its one
 * `register`. Nothing registers by being imported.
 */
export type Feature = { name: string; register(app: FastifyInstance, ctx: Ctx): void | Promise<void> };

/**
 * Every feature the server answers, in registration order: ONE line per feature (a new feature
 * adds its line here, nothing in app.ts or db/schema.ts). buildApp registers these unless a test
 * gives it a subset.
 */
export const allFeatures: Feature[] = [
  { name: 'examine', register: registerExamineRoutes },
  { name: 'crmField', register: registerCrmFieldRoutes },
  // The original client's label-keyed calls (field/queryListHead, scene/*): after the kinds, as they read the kinds' registry at call time.
  { name: 'originalRecord', register: registerOriginalRecordCalls },
  { name: 'backlogRest', register: registerBacklogRestCalls },
  { name: 'importMessage', register: registerImportMessageRoutes },
  { name: 'duplicateCheck', register: registerDuplicateCheckRoutes },
  // 客户查重 (issue 25, h-screening).
  { name: 'screening', register: registerScreeningRoutes },
  // The call centre (issue 25, h-call).
  { name: 'callCentre', register: registerCallCentreRoutes },
  // CRM home figures (issue 25, h-crmwb).
  { name: 'crmWorkbench', register: registerCrmWorkbenchRoutes },
  { name: 'listConfig', register: registerListConfigRoutes },
  { name: 'task', register: registerTaskRoutes },
  { name: 'schedule', register: registerScheduleRoutes },
  { name: 'notice', register: registerNoticeRoutes },
  { name: 'journal', register: registerJournalRoutes },
  { name: 'comment', register: registerCommentRoutes },
  { name: 'reviewFlow', register: registerReviewFlowRoutes },
  { name: 'plan', register: registerPlanRoutes },
  // Supervision (issue 25, h-check).
  { name: 'supervision', register: registerSupervisionRoutes },
  // Quizzes (issue 25, h-quiz).
  { name: 'quiz', register: registerQuizRoutes },
  { name: 'addressBook', register: registerAddressBookRoutes },
  { name: 'originalAddressBook', register: registerOriginalAddressBookRoutes },
  { name: 'location', register: registerLocationRoutes },
  { name: 'customer', register: registerCustomerRoutes },
  { name: 'contract', register: registerContractRoutes },
  // Review on the approval engine of every kind declaring `review` (issue 27, h-review).
  { name: 'recordReview', register: registerRecordReviewRoutes },
  // The pool and its return job (customers left unfollowed go back on schedule).
  {
    name: 'pool',
    register(app, ctx) {
      registerPoolRoutes(app, ctx);
      startPoolReturnJob(app, ctx.db);
    },
  },
  { name: 'store', register: registerStoreRoutes },
  { name: 'product', register: registerProductRoutes },
  // Clinic: project catalogue.
  { name: 'catalogue', register: registerCatalogueRoutes },
  // Lottery activities and their open pages (issue 25, h-lottery).
  { name: 'lottery', register: registerLotteryRoutes },
  // Clinic: the money path.
  { name: 'money', register: registerMoneyRoutes },
  // Cashier (issue 22).
  { name: 'cashier', register: registerCashierRoutes },
  // Clinic: the money path's reads (h-orders).
  { name: 'moneyRead', register: registerMoneyReadRoutes },
  // Appointments and visits (issue 23), with the no-show job.
  { name: 'visit', register: registerVisitRoutes },
  // The visit list, a visit's story and the customer archive (issue 23, h-records).
  { name: 'visitRecord', register: registerRecordRoutes },
  // Nurses' station (issue 23, h-nurse).
  { name: 'nurse', register: registerNurseRoutes },
  // Inpatients: beds and admissions (issue 23, h-ward).
  { name: 'ward', register: registerWardRoutes },
  // The photograph room (issue 23, h-photo).
  { name: 'photo', register: registerPhotoRoutes },
  // Meal orders (issue 25, h-meals).
  { name: 'meal', register: registerMealRoutes },
  // 顾客评价 and coupons (issue 25, h-coupons).
  { name: 'review', register: registerReviewRoutes },
  // Staff sign-in (issue 25, h-signin).
  { name: 'signIn', register: registerSignInRoutes },
  // App home images (issue 25, h-crmwb).
  { name: 'banner', register: registerBannerRoutes },
  // Declaration forms (issue 25, h-decl).
  { name: 'declaration', register: registerDeclarationRoutes },
  { name: 'business', register: registerBusinessRoutes },
  { name: 'agency', register: registerAgencyRoutes },
  { name: 'leads', register: registerLeadsRoutes },
  { name: 'contacts', register: registerContactsRoutes },
  { name: 'businessContacts', register: registerBusinessContactsRoutes },
  { name: 'crmSetting', register: registerCrmSettingRoutes },
  // Clinic settings (issue 22).
  { name: 'clinicSettings', register: registerClinicSettingsRoutes },
  // Statistics (/bi, issue 24).
  { name: 'bi', register: registerBiRoutes },
];
