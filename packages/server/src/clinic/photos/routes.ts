import {
  photoContracts as c,
  photoCompareSchema,
  photoIdSchema,
  photoQueueSchema,
  photoTimelineSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { partTree } from '../catalogue/parts.ts';
import { listStores } from '../visits/store.ts';
import { registerFileOwners } from './file-owner.ts';
import { compare, photoQueue, timeline } from './read.ts';
import { deletePhoto } from './remove.ts';
import { uploadPhotos } from './upload.ts';

/**
 * The photograph room (拍照室, `oa:workflow:photograph`; docs/clinic-photos.md). A customer's
 * photos are also read from the customer's detail by whoever may read customers; every call
 * checks the customer's data scope, and the images are served by the file routes only to them.
 */
const STATION = 'oa:workflow:photograph';
const READERS = { any: [STATION, 'crm:customer:read'] };

export function registerPhotoRoutes(app: FastifyInstance, ctx: Ctx) {
  registerFileOwners(ctx.registry);
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/stores',
    access: STATION,
    response: c['/clinic/photo/stores'],
    handler: () => listStores(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/parts',
    access: READERS,
    response: c['/clinic/photo/parts'],
    handler: () => partTree(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/queue',
    access: STATION,
    schema: photoQueueSchema,
    response: c['/clinic/photo/queue'],
    handler: ({ input, user }) => photoQueue(db, user, input.storeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/upload',
    access: STATION,
    response: c['/clinic/photo/upload'],
    handler: ({ req, user }) => uploadPhotos(ctx, user, req),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/timeline',
    access: READERS,
    schema: photoTimelineSchema,
    response: c['/clinic/photo/timeline'],
    handler: ({ input, user }) => timeline(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/compare',
    access: READERS,
    schema: photoCompareSchema,
    response: c['/clinic/photo/compare'],
    handler: ({ input, user }) => compare(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/clinic/photo/delete',
    access: { any: [STATION, 'oa:photo:delete'] },
    schema: photoIdSchema,
    response: c['/clinic/photo/delete'],
    handler: async ({ input, user }) => {
      await deletePhoto(ctx, user, input.photoId);
      return null;
    },
  });
}
