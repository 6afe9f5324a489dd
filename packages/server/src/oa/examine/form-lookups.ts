import {
  adjustOptionsResponse,
  adjustOptionsSchema,
  codeLookupResponse,
  codeLookupSchema,
  deptOptionsResponse,
  designerListResponse,
  dictLookupResponse,
  dictLookupSchema,
  taskTypesResponse,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { entriesOf } from '../../system/dict/service.ts';

const USE = 'oa:examine:use';

/**
 * The approval forms' lookups (approvals.md 7) read from the system dictionaries and the
 * organisation. Everyone who may use approvals may read them: dictionaries, departments and the
 * active staff's names are what every form shows (the department tree and the approver pickers
 * are open to the same users); nothing here carries customer data.
 */
type Named = { id: number; name: string };

const departments = (db: Tx) =>
  queryRows<Named>(db, sql`select dept_id as id, name from sys_dept order by sort, dept_id`);
const activeUsers = (db: Tx, where = sql`true`) =>
  queryRows<Named>(
    db,
    sql`select user_id as id, realname as name from sys_user where status = 1 and ${where} order by user_id`,
  );

export function registerFormLookupRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryDictList',
    access: USE,
    response: dictLookupResponse,
    schema: dictLookupSchema,
    handler: async ({ input }) =>
      (await entriesOf(db, 'dict', input.dictCode)).map((e) => ({ dictValue: e.value, dictName: e.name })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryCodeList',
    access: USE,
    response: codeLookupResponse,
    schema: codeLookupSchema,
    handler: async ({ input }) =>
      (await entriesOf(db, 'code', String(input.codeType))).map((e) => ({ codeNo: e.value, codeName: e.name })),
  });
  // Position transfer: 1 departments, 2 posts (the 岗位 dictionary), 3 leaders (active staff).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryAdjustOptions',
    access: USE,
    response: adjustOptionsResponse,
    schema: adjustOptionsSchema,
    handler: async ({ input }) => {
      if (input.type === 1) return (await departments(db)).map((d) => ({ id: Number(d.id), name: d.name }));
      if (input.type === 2) return (await entriesOf(db, 'dict', 'post')).map((e) => ({ name: e.name }));
      // Leaders are the active staff; each with their place, so picking the person who moves
      // fills in their current department, post and job number.
      const staff = await queryRows<Named & { dept_id: number | null; post: string; num: string }>(
        db,
        sql`select user_id as id, realname as name, dept_id, post, num from sys_user where status = 1 order by user_id`,
      );
      return staff.map((u) => ({
        id: Number(u.id),
        name: u.name,
        deptId: u.dept_id === null ? null : Number(u.dept_id),
        post: u.post,
        jobNumber: u.num,
      }));
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryDeptOptions',
    access: USE,
    response: deptOptionsResponse,
    handler: async () => (await departments(db)).map((d) => ({ value: Number(d.id), label: d.name })),
  });
  // Designers: the active staff whose post is a designer's (设计师, 首席设计师 …).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryDesignerList',
    access: USE,
    response: designerListResponse,
    handler: async () =>
      (await activeUsers(db, sql`post like '%设计%'`)).map((u) => ({ userId: Number(u.id), realName: u.name })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryTaskTypes',
    access: USE,
    response: taskTypesResponse,
    handler: async () =>
      (await entriesOf(db, 'dict', 'taskType'))
        .filter((e) => /^\d{1,9}$/.test(e.value))
        .map((e) => ({ taskId: Number(e.value), taskName: e.name })),
  });
}
