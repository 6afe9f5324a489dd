import {
  deptIdResponse,
  deptIdSchema,
  deptListResponse,
  deptSaveSchema,
  deptTreeSchema,
  deptUpdateSchema,
  noData,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { addDept, deleteDept, listDepts, setDept, toTree } from './service.ts';

export function registerDeptRoutes(app: FastifyInstance, { db }: Ctx): void {
  // Every signed-in user picks departments (forms, filters): the tree is not secret.
  defineRoute(app, {
    method: 'POST',
    url: '/system/dept/queryDeptTree',
    access: 'login',
    response: deptListResponse,
    schema: deptTreeSchema,
    async handler({ input }) {
      const flat = await listDepts(db);
      return input.type === 'tree' ? toTree(flat) : flat;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/dept/addDept',
    access: 'manage:users:deptSave',
    response: deptIdResponse,
    schema: deptSaveSchema,
    handler: ({ input }) => addDept(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/dept/setDept',
    // The original client's name of this call (issue 20).
    aliases: ['/system/dept/updateDept'],
    access: 'manage:users:deptUpdate',
    response: noData,
    schema: deptUpdateSchema,
    handler: ({ input }) => setDept(db, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/dept/deleteDept',
    access: 'manage:users:deptDelete',
    response: noData,
    schema: deptIdSchema,
    handler: ({ input }) => deleteDept(db, input.id),
  });
}
