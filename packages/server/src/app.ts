import { Msg, ResultCode } from '@crm/shared';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { z } from 'zod';
import { registerAuthRoutes } from './auth/routes.ts';
import { SessionCache } from './auth/session-cache.ts';
import { registerChat } from './chat/routes.ts';
import { accessCheck } from './core/access.ts';
// Applications switched on or off (issue 25, h-apps).
import { applicationCheck } from './core/application-check.ts';
import { parseQuery, registerBodyParsers } from './core/body.ts';
import { AppError, browserStatusFor, httpStatusFor } from './core/errors.ts';
import { registerHealthRoute } from './core/health.ts';
import { lazyChildLogger } from './core/lazy-logger.ts';
import { registerRequestLog } from './core/request-log.ts';
import type { Access, AppInput, Ctx, InputSchema } from './core/route.ts';
import { registerSecurityHeaders, setSecurityHeaders } from './core/security-headers.ts';
import { uniqueViolationError } from './core/unique.ts';
import { registerRecordPlatform } from './crm/records/platform.ts';
import { allFeatures, type Feature } from './features.ts';
import { registerFileRoutes } from './files/routes.ts';
import { startTimeZone } from './files/time-zone.ts';
import { type AppRegistry, createAppRegistry } from './registry.ts';
import { type ApplicationState, startApplications } from './system/applications/state.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { registerWebApp } from './web/routes.ts';
import { registerWorkbenchRoutes } from './workbench/routes.ts';

export type RouteEntry = {
  method: string;
  url: string;
  access: Access | undefined;
  cookieAuth: boolean;
  input?: InputSchema;
  /** The shared response schema the route serialises `data` with; none for file streams and static files. */
  response?: z.ZodType;
  /** The answer's fields are spread beside code and msg too (the original client reads them there). */
  topLevel?: true;
  /** Set on another name of a call (the original client's path): the route's own path. */
  aliasOf?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access and input schema it declared; a test fails on any without access. */
    routeTable: RouteEntry[];
    /** The applications switched off, this process's copy (issue 25, h-apps). */
    applications: ApplicationState;
    /** What this app's features declared (registry.ts); tests that add a kind to a built app register into it. */
    registry: AppRegistry;
  }
}

/**
 * The app: the platform (sessions, access, errors, auth, system, files, workbench, chat) and the
 * features (features.ts; a test may give a subset), each registering into this app's own registry.
 */
export async function buildApp(
  input: AppInput,
  opts: { logger?: boolean | object; features?: readonly Feature[] } = {},
): Promise<FastifyInstance> {
  const ctx: Ctx = { ...input, registry: createAppRegistry() };
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
  app.decorate('registry', ctx.registry);
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
          ...(route.config?.topLevel ? { topLevel: true as const } : {}),
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
    const unique = await uniqueViolationError(ctx.db, ctx.registry.uniqueNames, err);
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
  registerRecordPlatform(ctx.registry);
  await registerChat(app, ctx, sessions);
  // The features (features.ts), each once into this app's own registry.
  const names = new Set<string>();
  for (const feature of opts.features ?? allFeatures) {
    if (names.has(feature.name)) throw new Error(`feature ${feature.name} listed twice`);
    names.add(feature.name);
    await feature.register(app, ctx);
  }
  registerWebApp(app, ctx.config.webDist);
  return app;
}
