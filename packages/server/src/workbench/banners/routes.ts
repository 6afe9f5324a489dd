import { BANNER_MANAGE, bannerContracts, bannerIdSchema, bannerOrderSchema, bannerSaveSchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerFileOwners } from './file-owner.ts';
import { activeBanners, deleteBanner, listBanners, saveBanner, sortBanners } from './service.ts';

const c = bannerContracts;

/** App home images (docs/workbench-banners.md): administrators manage them; every signed-in user reads the active ones. */
export function registerBannerRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/workbench/banner/list',
    access: BANNER_MANAGE,
    response: c['/workbench/banner/list'],
    handler: ({ user }) => listBanners(db, registry.fileOwners, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/workbench/banner/save',
    access: BANNER_MANAGE,
    schema: bannerSaveSchema,
    response: c['/workbench/banner/save'],
    handler: async ({ user, input }) => ({ bannerId: await saveBanner(db, storage, user, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/workbench/banner/delete',
    access: BANNER_MANAGE,
    schema: bannerIdSchema,
    response: c['/workbench/banner/delete'],
    handler: ({ input }) => deleteBanner(db, storage, input.bannerId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/workbench/banner/sort',
    access: BANNER_MANAGE,
    schema: bannerOrderSchema,
    response: c['/workbench/banner/sort'],
    handler: ({ input }) => sortBanners(db, input.bannerIds),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/workbench/banner/active',
    access: 'login',
    response: c['/workbench/banner/active'],
    handler: ({ user }) => activeBanners(db, registry.fileOwners, user),
  });
}
