import {
  type AnalysisPath,
  analyses,
  analysisPaths,
  type BiGroup,
  biAnalysisResponse,
  biDrillResponse,
  biDrillSchema,
  biExportSchema,
  biGroups,
  biPermission,
  biQuerySchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import { hasPermission } from '../core/access.ts';
import { forbidden } from '../core/errors.ts';
import { type Ctx, defineRoute } from '../core/route.ts';
import { prepare, runAnalysis } from './analyze.ts';
import { drillRows } from './drill.ts';
import { sendAnalysisSheet } from './export.ts';
import { registerScreenRoutes } from './screen.ts';

const anyBi = { any: (Object.keys(biGroups) as BiGroup[]).map(biPermission) };

/** The export and the drill-down name an analysis: the viewer needs that analysis's page group. */
function mayRead(user: SessionUser, path: AnalysisPath) {
  if (!hasPermission(user, biPermission(analyses[path].group))) throw forbidden();
}

/**
 * Statistics (docs/api.md "Statistics"): every analysis under the original client's call name,
 * each behind its page group's `bi:<group>:read`; one export and one drill-down for all of them.
 */
export function registerBiRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const { kinds } = ctx.registry;
  for (const path of analysisPaths)
    defineRoute(app, {
      method: 'POST',
      url: path,
      access: biPermission(analyses[path].group),
      schema: biQuerySchema,
      response: biAnalysisResponse,
      handler: async ({ input, user }) => runAnalysis(db, await prepare(db, kinds, user, path, input)),
    });

  defineRoute(app, {
    method: 'POST',
    url: '/bi/drill',
    access: anyBi,
    schema: biDrillSchema,
    response: biDrillResponse,
    handler: async ({ input, user }) => {
      mayRead(user, input.analysis);
      return drillRows(db, await prepare(db, kinds, user, input.analysis, input), input);
    },
  });

  // The wall screen and its links (h-rfm).
  registerScreenRoutes(app, ctx);

  defineRoute(app, {
    method: 'POST',
    url: '/bi/excelExport',
    access: anyBi,
    schema: biExportSchema,
    handler: async ({ input, user, reply }) => {
      mayRead(user, input.analysis);
      const p = await prepare(db, kinds, user, input.analysis, input);
      return sendAnalysisSheet(reply, p, await runAnalysis(db, p));
    },
  });
}
