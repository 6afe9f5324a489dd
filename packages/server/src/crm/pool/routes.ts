import {
  distributeSchema,
  lockSchema,
  noData,
  poolCountResponse,
  poolIdsSchema,
  poolRulesResponse,
  poolRulesSchema,
  recordListSchema,
  recordPageResponse,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { customerServerKind as sk } from '../customer/kind.ts';
import { recordPage } from '../records/list.ts';
import { deleteFromPool, distributeFromPool, lockCustomers, putIntoPool, receiveFromPool } from './actions.ts';
import { readPoolRules, savePoolRules } from './rules.ts';

/** Who edits the pool rule (manager › 客户管理 › 公海规则). */
export const POOL_RULES_PERMISSION = 'manage:crm:pool';

/** The pool's calls (docs/api/pool.md): the customer's own under `/CrmCustomer`, the pool's list and delete. */
export function registerPoolRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/putInPublicCustomerPool',
    access: 'crm:customer:putinpool',
    schema: poolIdsSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => putIntoPool(db, user, input),
  });
  // Spec 7.3's name for the same call (WuKong CRM's put-into-pool): same body, rules and answer.
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/updateCustomerByIds',
    access: 'crm:customer:putinpool',
    schema: poolIdsSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => putIntoPool(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/receiveByIds',
    access: { any: ['crm:pool:receive', 'crm:customer:receive'] },
    schema: poolIdsSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => receiveFromPool(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/distributeByIds',
    access: { any: ['crm:pool:distribute', 'crm:customer:distribute'] },
    schema: distributeSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => distributeFromPool(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/lock',
    access: 'crm:customer:lock',
    schema: lockSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => lockCustomers(db, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerPool/queryPageList',
    aliases: ['/CrmCustomer/queryPoolPageList'],
    access: 'crm:pool:index',
    schema: recordListSchema,
    response: recordPageResponse,
    handler: async ({ input, user }) =>
      recordPage(db, sk, await customFieldsOf(db, sk.kind.label), user, input, [], { pool: true }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomerPool/deleteByIds',
    access: 'crm:pool:delete',
    schema: poolIdsSchema,
    response: poolCountResponse,
    handler: ({ input, user }) => deleteFromPool(db, ctx.storage, ctx.registry.recordDeletes, user, input),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/getRulesSetting',
    access: POOL_RULES_PERMISSION,
    response: poolRulesResponse,
    handler: () => readPoolRules(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/updateRulesSetting',
    access: POOL_RULES_PERMISSION,
    schema: poolRulesSchema,
    response: noData,
    async handler({ input }) {
      await savePoolRules(db, input);
    },
  });
}
