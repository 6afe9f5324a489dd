import {
  positionQuerySchema,
  positionsResponse,
  positionUploadResponse,
  positionUploadSchema,
  positionUserPageResponse,
  positionUserSearchSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryPositions, searchPositionUsers, uploadPosition, VIEW } from './positions.ts';

/** The user-location map and the mobile client's position upload (docs/api/location.md). */
export function registerLocationRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaLocation/uploadPosition',
    // Anyone signed in reports where they are; only their own position, never another's.
    access: 'login',
    schema: positionUploadSchema,
    response: positionUploadResponse,
    handler: ({ input, user }) => uploadPosition(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLocation/queryUserList',
    access: VIEW,
    schema: positionUserSearchSchema,
    response: positionUserPageResponse,
    handler: ({ input, user }) => searchPositionUsers(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLocation/queryPositions',
    access: VIEW,
    schema: positionQuerySchema,
    response: positionsResponse,
    handler: ({ input, user }) => queryPositions(db, user, input),
  });
}
