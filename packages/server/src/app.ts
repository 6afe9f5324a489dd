import fs from 'node:fs';
import path from 'node:path';
import { Msg, ResultCode } from '@crm/shared';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerAuthRoutes } from './auth/routes.ts';
import { accessCheck } from './core/access.ts';
import { AppError, httpStatusFor } from './core/errors.ts';
import { registerHealthRoute } from './core/health.ts';
import type { Access, Ctx } from './core/route.ts';
import { registerFileRoutes } from './files/routes.ts';
import { registerExamineRoutes } from './oa/examine/routes.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { registerWorkbenchRoutes } from './workbench/routes.ts';

export type RouteEntry = {
  method: string;
  url: string;
  access: Access | undefined;
  /** The shared response schema the route serialises `data` with; none for file streams and static files. */
  response?: z.ZodType;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared; a test fails on any that declared none. */
    routeTable: RouteEntry[];
  }
}

export async function buildApp(ctx: Ctx, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
  });
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.config?.response;
    for (const m of methods) if (m !== 'HEAD') app.routeTable.push({ method: m, url: route.url, access, response });
    const check = accessCheck(ctx, access);
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [check, ...existing];
  });

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: ctx.config.uploadMaxMb * 1024 * 1024, files: 1 } });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(httpStatusFor(err.code)).send({ code: err.code, msg: err.message, data: err.data });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_FILES_LIMIT')
      return reply.status(400).send({ code: 400, msg: '每次只能上传一个文件', data: null });
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(400)
        .send({ code: 400, msg: Msg.fileTooLarge.replace('{size}', String(ctx.config.uploadMaxMb)), data: null });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      const msg = e.statusCode === 413 ? '请求内容过大' : Msg.invalidRequest;
      return reply.status(e.statusCode).send({ code: ResultCode.badRequest, msg, data: null });
    }
    req.log.error(err);
    return reply.status(500).send({ code: ResultCode.serverError, msg: Msg.serverError, data: null });
  });

  registerHealthRoute(app, ctx);
  registerAuthRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerWorkbenchRoutes(app, ctx);
  registerExamineRoutes(app, ctx);
  registerWebApp(app, ctx);
  return app;
}

/** Serve the built single-page app: assets as files, every other page address as index.html. */
function registerWebApp(app: FastifyInstance, ctx: Ctx): void {
  const dist = ctx.config.webDist;
  const hasWeb = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, { root: dist, serve: false });
    app.get('/assets/*', { config: { access: 'public' } }, (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.join('assets', rel));
    });
    for (const file of fs
      .readdirSync(dist)
      .filter((f) => f !== 'index.html' && fs.statSync(path.join(dist, f)).isFile())) {
      app.get(`/${file}`, { config: { access: 'public' } }, (_req, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ code: ResultCode.notFound, msg: Msg.notFoundPath, data: null });
  });
}
