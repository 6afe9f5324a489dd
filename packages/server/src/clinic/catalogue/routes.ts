import {
  bodyPartIdSchema,
  bodyPartSaveSchema,
  catalogueContracts as c,
  catalogueListSchema,
  convertClassIdSchema,
  convertClassSaveSchema,
  findConvertSchema,
  projectClassIdSchema,
  projectClassSaveSchema,
  projectClassSortSchema,
  projectIdSchema,
  projectIdsSchema,
  projectSaveSchema,
  projectStatusSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../core/access.ts';
import { forbidden } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import { classTree, deleteClass, saveClass, sortClasses } from './classes.ts';
import { convertClasses, convertTargets, deleteConvertClass, saveConvertClass } from './convert.ts';
import { registerProjectExcel } from './excel.ts';
import { deletePart, partTree, savePart } from './parts.ts';
import { deleteProjects, projectById, queryProjects, saveProject, setProjectsEnabled } from './projects.ts';

/** 配置 › 项目, 部位, 转换类别 (docs/api.md "Clinic: project catalogue"); realm `project`. */
const can = (page: 'index' | 'partConfig' | 'convertClass', action: string) => `project:${page}:${action}`;
const done = (_?: unknown) => null;

export function registerCatalogueRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  // The project form picks parts and conversion classes: its readers may read both.
  const readParts = { any: [can('partConfig', 'read'), can('index', 'read')] };
  const readConvert = { any: [can('convertClass', 'read'), can('index', 'read')] };

  // Classes.
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectClass/queryTree',
    access: { any: [can('index', 'read'), can('convertClass', 'read')] },
    response: c['/api/projectClass/queryTree'],
    handler: () => classTree(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectClass/save',
    access: can('index', 'update'),
    schema: projectClassSaveSchema,
    response: c['/api/projectClass/save'],
    handler: async ({ input }) => ({ classId: await saveClass(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectClass/delete',
    access: can('index', 'delete'),
    schema: projectClassIdSchema,
    response: c['/api/projectClass/delete'],
    handler: async ({ input }) => done(await deleteClass(db, input.id)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectClass/sort',
    access: can('index', 'update'),
    schema: projectClassSortSchema,
    response: c['/api/projectClass/sort'],
    handler: async ({ input }) => done(await sortClasses(db, input.pid, input.ids)),
  });

  // Projects.
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/queryList',
    access: { any: [can('index', 'read'), can('convertClass', 'read')] },
    schema: catalogueListSchema,
    response: c['/api/project/queryList'],
    handler: ({ input, user }) => queryProjects(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/queryById',
    access: can('index', 'read'),
    schema: projectIdSchema,
    response: c['/api/project/queryById'],
    handler: ({ input }) => projectById(db, input.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/save',
    access: { any: [can('index', 'save'), can('index', 'update')] },
    schema: projectSaveSchema,
    response: c['/api/project/save'],
    async handler({ input, user }) {
      if (!hasPermission(user, can('index', input.projectId === undefined ? 'save' : 'update'))) throw forbidden();
      return { projectId: await saveProject(db, input) };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/delete',
    access: can('index', 'delete'),
    schema: projectIdsSchema,
    response: c['/api/project/delete'],
    handler: async ({ input }) => done(await deleteProjects(db, input.ids)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/updateStatus',
    access: can('index', 'status'),
    schema: projectStatusSchema,
    response: c['/api/project/updateStatus'],
    handler: async ({ input }) => done(await setProjectsEnabled(db, input.ids, input.enabled)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/queryDeptOptions',
    // The settlement and 划扣 department pickers of the project form.
    access: { any: [can('index', 'save'), can('index', 'update')] },
    response: c['/api/project/queryDeptOptions'],
    handler: async () =>
      (
        await queryRows<{ dept_id: number; name: string }>(
          db,
          sql`select dept_id, name from sys_dept order by sort, dept_id`,
        )
      ).map((d) => ({ deptId: Number(d.dept_id), name: d.name })),
  });
  registerProjectExcel(app, ctx);

  // Body parts.
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectPart/queryTree',
    access: readParts,
    response: c['/api/projectPart/queryTree'],
    handler: () => partTree(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectPart/save',
    access: can('partConfig', 'update'),
    schema: bodyPartSaveSchema,
    response: c['/api/projectPart/save'],
    handler: async ({ input }) => ({ partId: await savePart(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectPart/delete',
    access: can('partConfig', 'update'),
    schema: bodyPartIdSchema,
    response: c['/api/projectPart/delete'],
    handler: async ({ input }) => done(await deletePart(db, input.id)),
  });

  // Conversion classes.
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectConvertClass/queryList',
    access: readConvert,
    response: c['/api/projectConvertClass/queryList'],
    handler: () => convertClasses(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectConvertClass/save',
    access: can('convertClass', 'update'),
    schema: convertClassSaveSchema,
    response: c['/api/projectConvertClass/save'],
    handler: async ({ input }) => ({ convertClassId: await saveConvertClass(db, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectConvertClass/delete',
    access: can('convertClass', 'update'),
    schema: convertClassIdSchema,
    response: c['/api/projectConvertClass/delete'],
    handler: async ({ input }) => done(await deleteConvertClass(db, input.id)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/projectConvertClass/findConvertByProjectId',
    // Spec 7.4, named verbatim. The deal-record conversion (money path) adds its own permission here.
    access: readConvert,
    schema: findConvertSchema,
    response: c['/api/projectConvertClass/findConvertByProjectId'],
    handler: ({ input }) => convertTargets(db, input.projectId),
  });
}
