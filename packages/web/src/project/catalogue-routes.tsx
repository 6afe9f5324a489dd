import type { AppRoute } from '@/shell/route-types';

/** The project catalogue's pages (/project/index, partConfig, …). */
export const catalogueRoutes: AppRoute[] = [];
