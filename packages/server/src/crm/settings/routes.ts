import {
  achievementListResponse,
  achievementListSchema,
  noData,
  recordOptionsResponse,
  recordOptionsSchema,
  setAchievementSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { listAchievements, setAchievements } from './achievement.ts';
import { readRecordOptions, saveRecordOptions } from './record-options.ts';

/**
 * The CRM settings of spec 7.7 (docs/api/crm-settings.md): the follow-up categories, read by
 * whoever writes follow-ups and set under manage:crm:setting, and the performance targets
 * (manage:crm:achievement).
 */
export function registerCrmSettingRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/CrmRecord/queryRecordOptions',
    access: 'login',
    response: recordOptionsResponse,
    handler: () => readRecordOptions(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmRecord/setRecordOptions',
    access: 'manage:crm:setting',
    schema: recordOptionsSchema,
    response: noData,
    handler: async ({ input }) => {
      await saveRecordOptions(db, input.value);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/achievement/queryAchievementList',
    access: 'manage:crm:achievement',
    schema: achievementListSchema,
    response: achievementListResponse,
    handler: ({ input }) => listAchievements(db, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/achievement/setAchievement',
    access: 'manage:crm:achievement',
    schema: setAchievementSchema,
    response: noData,
    handler: async ({ input }) => {
      await setAchievements(db, input);
      return null;
    },
  });
}
