import type { AppRoute } from '@/shell/route-types';

/** The clinic's settings pages built on the settings machinery (setMeal, discountConfig, …). */
export const clinicSettingsRoutes: AppRoute[] = [];
