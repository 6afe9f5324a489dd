import type { AppRoute, TopRoute } from '@/shell/route-types';

/** The visit stations of 流程 (issue 23: triage, photograph, witness, …). */
export const visitStationRoutes: AppRoute[] = [];

/** The visit workflow's top-level pages (/Booking_management, /record, /customer, /entryDetails). */
export const visitTopRoutes: TopRoute[] = [];
