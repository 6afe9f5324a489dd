import { Msg, ResultCode } from '@crm/shared';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { z } from 'zod';
import { registerAuthRoutes } from './auth/routes.ts';
import { SessionCache } from './auth/session-cache.ts';
// Statistics (/bi, issue 24).
import { registerBiRoutes } from './bi/routes.ts';
import { registerChat } from './chat/routes.ts';
// Clinic: project catalogue.
// Cashier (issue 22): the desk's reads and the receipt.
import { registerCashierRoutes } from './clinic/cashier/routes.ts';
import { registerCatalogueRoutes } from './clinic/catalogue/routes.ts';
// Lottery activities (issue 25, h-lottery).
import { registerLotteryRoutes } from './clinic/lottery/routes.ts';
// Clinic: the money path's reads (order info, account, floor preview; h-orders).
import { registerMoneyReadRoutes } from './clinic/money/reads/routes.ts';
// Clinic: the money path (orders, deal records, ledgers).
import { registerMoneyRoutes } from './clinic/money/routes.ts';
// Nurses' station (issue 23, h-nurse).
import { registerNurseRoutes } from './clinic/nurse/routes.ts';
// The photograph room (issue 23, h-photo).
import { registerPhotoRoutes } from './clinic/photos/routes.ts';
// 顾客评价 and coupons (issue 25, h-coupons).
import { registerReviewRoutes } from './clinic/reviews/routes.ts';
// Clinic settings (issue 22).
import { registerClinicSettingsRoutes } from './clinic/settings/routes.ts';
// Appointments and visits (issue 23).
import { registerRecordRoutes } from './clinic/visits/record-routes.ts';
import { registerVisitRoutes } from './clinic/visits/routes.ts';
// Inpatients (issue 23, h-ward).
import { registerWardRoutes } from './clinic/ward/routes.ts';
import { accessCheck } from './core/access.ts';
// Applications switched on or off (issue 25, h-apps).
import { applicationCheck } from './core/application-check.ts';
import { parseQuery, registerBodyParsers } from './core/body.ts';
import { AppError, browserStatusFor, httpStatusFor } from './core/errors.ts';
import { registerHealthRoute } from './core/health.ts';
import { lazyChildLogger } from './core/lazy-logger.ts';
import { registerRequestLog } from './core/request-log.ts';
import type { Access, Ctx, InputSchema } from './core/route.ts';
import { registerSecurityHeaders, setSecurityHeaders } from './core/security-headers.ts';
import { uniqueViolationError } from './core/unique.ts';
import { registerAgencyRoutes } from './crm/agency/routes.ts';
import { registerBusinessRoutes } from './crm/business/routes.ts';
import { registerBusinessContactsRoutes } from './crm/business-contacts/routes.ts';
// The call centre (issue 25, h-call).
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
// 客户查重 (issue 25, h-screening).
import { registerScreeningRoutes } from './crm/screening/routes.ts';
import { registerCrmSettingRoutes } from './crm/settings/routes.ts';
import { registerStoreRoutes } from './crm/store/routes.ts';
// CRM home figures (issue 25, h-crmwb).
import { registerCrmWorkbenchRoutes } from './crm/workbench/routes.ts';
import { registerFileRoutes } from './files/routes.ts';
import { startTimeZone } from './files/time-zone.ts';
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
import { type ApplicationState, startApplications } from './system/applications/state.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { registerWebApp } from './web/routes.ts';
// App home images (issue 25, h-crmwb).
import { registerBannerRoutes } from './workbench/banners/routes.ts';
// Meal orders (issue 25, h-meals).
import { registerMealRoutes } from './workbench/meals/routes.ts';
// Quizzes (issue 25, h-quiz).
import { registerQuizRoutes } from './workbench/quizzes/routes.ts';
import { registerWorkbenchRoutes } from './workbench/routes.ts';
// Staff sign-in (issue 25, h-signin).
import { registerSignInRoutes } from './workbench/sign-in/routes.ts';
// Supervision (issue 25, h-check).
import { registerSupervisionRoutes } from './workbench/supervision/routes.ts';

export type RouteEntry = {
  method: string;
  url: string;
  access: Access | undefined;
  cookieAuth: boolean;
  input?: InputSchema;
  /** The shared response schema the route serialises `data` with; none for file streams and static files. */
  response?: z.ZodType;
  /** Set on another name of a call (the original client's path): the route's own path. */
  aliasOf?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access and input schema it declared; a test fails on any without access. */
    routeTable: RouteEntry[];
    /** The applications switched off, this process's copy (issue 25, h-apps). */
    applications: ApplicationState;
  }
}

export async function buildApp(ctx: Ctx, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Fastify's two info lines a request cost more than a trivial call itself: requests are
    // logged below, failures and slow ones always, all of them with ACCESS_LOG=1.
    logController: new LogController({ disableRequestLogging: true }),
    // The per-request child logger is made only when the request logs something.
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: parseQuery },
    // Behind a proxy the client address comes from X-Forwarded-For, as the trusted proxy wrote it.
    trustProxy: ctx.config.trustProxy,
    // Addresses the router cannot read (a path parameter over 100 characters, bad escapes): the
    // same {code, msg} as every other refusal.
    frameworkErrors: (_err, _req, reply) => {
      setSecurityHeaders(reply);
      (reply as FastifyReply).status(200).send({ code: ResultCode.badRequest, msg: Msg.invalidPath, data: null });
    },
  });
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const sessions = await SessionCache.start(ctx.db, ctx.config, ctx.bus);
  app.addHook('onClose', async () => sessions.stop());
  const stopTimeZone = await startTimeZone(ctx.db, ctx.bus, (err) => app.log.error(err));
  app.addHook('onClose', async () => stopTimeZone());
  // Applications (issue 25, h-apps): the switched-off areas, held in memory for the route check.
  const applications = await startApplications(ctx.db, ctx.bus, (err) => app.log.error(err));
  app.decorate('applications', applications);
  app.addHook('onClose', async () => applications.stop());
  registerRequestLog(app, ctx.config);
  registerSecurityHeaders(app);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const cookieAuth = route.config?.cookieAuth === true;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.config?.response;
    for (const m of methods)
      if (m !== 'HEAD')
        app.routeTable.push({
          method: m,
          url: route.url,
          access,
          cookieAuth,
          input: route.config?.input,
          response,
          ...(route.config?.aliasOf ? { aliasOf: route.config.aliasOf } : {}),
        });
    const check = accessCheck(ctx, sessions, { access, cookieAuth });
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    const appCheck = applicationCheck(applications, { url: route.url, access });
    route.preHandler = appCheck ? [check, appCheck, ...existing] : [check, ...existing];
  });

  registerBodyParsers(app);
  await app.register(multipart, { limits: { fileSize: ctx.config.uploadMaxMb * 1024 * 1024, files: 1 } });

  app.setErrorHandler(async (err, req, reply) => {
    // The route's serialiser describes its success answer: a refusal is sent as plain JSON.
    // A GET of a file stream (no answer contract) is loaded by the browser itself: it keeps the status.
    const streamed = req.method === 'GET' && !req.routeOptions.config?.response;
    const answer = (code: number, msg: string, data: unknown = null) =>
      reply
        .status(streamed ? browserStatusFor(code) : httpStatusFor(code))
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => JSON.stringify(p))
        .send({ code, msg, data });
    if (err instanceof AppError) return answer(err.code, err.message, err.data);
    // Two requests passed a uniqueness pre-check together: the index's refusal, said as the pre-check says it.
    const unique = await uniqueViolationError(ctx.db, err);
    if (unique) {
      if (unique.message === Msg.alreadyExists) req.log.warn({ err }, 'unique violation of an unnamed index');
      return answer(unique.code, unique.message);
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_FILES_LIMIT') return answer(ResultCode.badRequest, '每次只能上传一个文件');
    if (e.code === 'FST_REQ_FILE_TOO_LARGE')
      return answer(ResultCode.badRequest, Msg.fileTooLarge.replace('{size}', String(ctx.config.uploadMaxMb)));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return answer(ResultCode.badRequest, e.statusCode === 413 ? '请求内容过大' : Msg.invalidRequest);
    }
    req.log.error(err);
    return answer(ResultCode.serverError, Msg.serverError);
  });

  registerHealthRoute(app, ctx);
  registerAuthRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerWorkbenchRoutes(app, ctx);
  registerExamineRoutes(app, ctx);
  registerCrmFieldRoutes(app, ctx);
  // The original client's label-keyed calls (field/queryListHead, scene/*): after the kinds, as they read the kinds' registry at call time.
  registerOriginalRecordCalls(app, ctx);
  registerBacklogRestCalls(app, ctx);
  registerImportMessageRoutes(app, ctx);
  registerDuplicateCheckRoutes(app, ctx);
  // 客户查重 (issue 25, h-screening).
  registerScreeningRoutes(app, ctx);
  registerCallCentreRoutes(app, ctx); // The call centre (issue 25, h-call).
  // CRM home figures (issue 25, h-crmwb).
  registerCrmWorkbenchRoutes(app, ctx);
  registerListConfigRoutes(app, ctx);
  await registerChat(app, ctx, sessions);
  registerTaskRoutes(app, ctx);
  registerScheduleRoutes(app, ctx);
  registerNoticeRoutes(app, ctx);
  registerJournalRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerReviewFlowRoutes(app, ctx);
  registerPlanRoutes(app, ctx);
  registerSupervisionRoutes(app, ctx); // Supervision (issue 25, h-check).
  // Quizzes (issue 25, h-quiz).
  registerQuizRoutes(app, ctx);
  registerAddressBookRoutes(app, ctx);
  registerOriginalAddressBookRoutes(app, ctx);
  registerLocationRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerContractRoutes(app, ctx);
  registerPoolRoutes(app, ctx);
  startPoolReturnJob(app, ctx.db);
  registerStoreRoutes(app, ctx);
  registerProductRoutes(app, ctx);
  // Clinic: project catalogue.
  registerCatalogueRoutes(app, ctx);
  // Lottery activities and their open pages (issue 25, h-lottery).
  registerLotteryRoutes(app, ctx);
  // Clinic: the money path.
  registerMoneyRoutes(app, ctx);
  // Cashier (issue 22).
  registerCashierRoutes(app, ctx);
  // Clinic: the money path's reads (h-orders).
  registerMoneyReadRoutes(app, ctx);
  // Appointments and visits (issue 23), with the no-show job.
  registerVisitRoutes(app, ctx);
  // The visit list, a visit's story and the customer archive (issue 23, h-records).
  registerRecordRoutes(app, ctx);
  // Nurses' station (issue 23, h-nurse).
  registerNurseRoutes(app, ctx);
  // Inpatients: beds and admissions (issue 23, h-ward).
  registerWardRoutes(app, ctx);
  // The photograph room (issue 23, h-photo).
  registerPhotoRoutes(app, ctx);
  // Meal orders (issue 25, h-meals).
  registerMealRoutes(app, ctx);
  // 顾客评价 and coupons (issue 25, h-coupons).
  registerReviewRoutes(app, ctx);
  // Staff sign-in (issue 25, h-signin).
  registerSignInRoutes(app, ctx);
  // App home images (issue 25, h-crmwb).
  registerBannerRoutes(app, ctx);
  registerBusinessRoutes(app, ctx);
  registerAgencyRoutes(app, ctx);
  registerLeadsRoutes(app, ctx);
  registerContactsRoutes(app, ctx);
  registerBusinessContactsRoutes(app, ctx);
  registerCrmSettingRoutes(app, ctx);
  // Clinic settings (issue 22).
  registerClinicSettingsRoutes(app, ctx);
  // Statistics (/bi, issue 24).
  registerBiRoutes(app, ctx);
  registerWebApp(app, ctx.config.webDist);
  return app;
}
