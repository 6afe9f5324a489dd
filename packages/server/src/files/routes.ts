import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../core/route.ts';

export function registerFileRoutes(_app: FastifyInstance, _ctx: Ctx): void {}
