export * from './agency/rules.ts';
export * from './api/messages.ts';
export * from './api/pages.ts';
export * from './api/result.ts';
export * from './api/third-party.ts';
export * from './applications/contracts.ts';
// Applications switched on or off (issue 25, h-apps).
export * from './applications/index.ts';
export * from './approval/index.ts';
export * from './approval-forms/index.ts';
export * from './auth/permissions.ts';
// App home images (issue 25, h-crmwb).
export * from './banners/index.ts';
// Statistics (/bi, issue 24).
export * from './bi/index.ts';
// The call centre (issue 25, h-call).
export * from './call-centre/index.ts';
export * from './chat/messages.ts';
// Clinic: project catalogue.
// Cashier (issue 22): the desk's reads and the receipt.
export * from './clinic/cashier.ts';
export * from './clinic/catalogue.ts';
export * from './clinic/catalogue-contracts.ts';
export * from './clinic/catalogue-yuan.ts';
// Coupons (issue 25): rules, statuses, sources.
export * from './clinic/coupons.ts';
// Lottery activities (issue 25, h-lottery).
export * from './clinic/lottery.ts';
// The clinic's money path (issue 22): fen arithmetic, charges, refunds, performance splits.
export * from './clinic/money/index.ts';
// Nurses' station (issue 23, h-nurse).
export * from './clinic/nurse.ts';
// The photograph room (issue 23, h-photo).
export * from './clinic/photos/index.ts';
// 顾客评价 and coupons at the desk (issue 25, h-coupons).
export * from './clinic/reviews/index.ts';
// Clinic settings (issue 22, the settings machinery and its kinds).
export * from './clinic/settings/index.ts';
// Appointments and visits (issue 23).
export * from './clinic/visits/index.ts';
// Beds, admissions and follow-up plans (issue 23, h-ward).
export * from './clinic/ward/index.ts';
export * from './clinic/workflow.ts';
export * from './contracts/index.ts';
// The API reference reads every contract, so it sits above contracts/index.ts, not inside it.
export * from './contracts/reference.ts';
// Declaration forms (issue 25, h-decl).
export * from './declarations/index.ts';
export * from './editor/config.ts';
// Feedback (issue 25, h-feedback).
export * from './feedback/index.ts';
export * from './fields/index.ts';
export * from './files/format.ts';
export * from './files/urls.ts';
// Meal orders (issue 25, h-meals).
export * from './meals/index.ts';
// Open links: the open pages' signed, expiring, revocable links (issue 25).
export * from './open-links/index.ts';
export * from './org/data-scope.ts';
// Quizzes (issue 25, h-quiz).
export * from './quizzes/index.ts';
export * from './records/index.ts';
export * from './schedule/repeat.ts';
export * from './schemas/agency.ts';
export * from './schemas/aliases.ts';
export * from './schemas/auth.ts';
export * from './schemas/chat.ts';
export * from './schemas/comment.ts';
export * from './schemas/dict.ts';
export * from './schemas/examine.ts';
export * from './schemas/feed.ts';
export * from './schemas/fields.ts';
export * from './schemas/files.ts';
export * from './schemas/hr-apply.ts';
export * from './schemas/journal.ts';
export * from './schemas/list.ts';
export * from './schemas/location.ts';
export * from './schemas/notice.ts';
export * from './schemas/org-rest.ts';
export * from './schemas/plan.ts';
export * from './schemas/relation.ts';
export * from './schemas/review-flow.ts';
export * from './schemas/schedule.ts';
export * from './schemas/system.ts';
export * from './schemas/task.ts';
// Task labels (issue 20: the original's taskLabel/*).
export * from './schemas/task-label.ts';
// Staff sign-in (issue 25, h-signin).
export * from './sign-in/index.ts';
export * from './store/index.ts';
// Supervision (issue 25, h-check).
export * from './supervision/index.ts';
export * from './tasks/rules.ts';
export * from './time/index.ts';
