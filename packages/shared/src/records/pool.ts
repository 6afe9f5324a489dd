import { z } from 'zod';
import { idField, idList, intEnum, intWithDefault } from '../schemas/fields.ts';

/**
 * The customer pool (DECISIONS "CRM", Customer pool): a customer without an owner is in the pool.
 * Request schemas and messages of the pool's calls (packages/server/src/crm/pool, docs/api/pool.md).
 */
export const PoolMsg = {
  idsRequired: '请选择客户',
  userRequired: '请选择负责人',
  userInactive: '该员工不存在或已停用',
  userOutOfScope: '无权分配给该员工',
  notInPool: '客户不在公海中',
  lockedToPool: '锁定的客户不能放入公海',
  dealNoLock: '已成交客户无需锁定',
  lockInvalid: '锁定状态有误',
  statusInvalid: '公海规则开关有误',
  followUpDaysInvalid: '未跟进天数须为1到365的整数',
  dealDaysInvalid: '未成交天数须为1到365的整数',
} as const;

/** `{name}拥有的客户数已达上限{num}（{setting}）`: the owned-customers limit (settings type 1). */
export const ownedLimitMsg = (name: string, num: number, setting: string) =>
  `${name}拥有的客户数已达上限${num}（${setting}）`;
/** `{name}锁定的客户数已达上限{num}（{setting}）`: the locked-customers limit (settings type 2). */
export const lockLimitMsg = (name: string, num: number, setting: string) =>
  `${name}锁定的客户数已达上限${num}（${setting}）`;

const poolIds = idList(PoolMsg.idsRequired).refine((ids) => ids.length > 0, { error: PoolMsg.idsRequired });

/** Put into the pool, receive, pool delete: `{ids}`. */
export const poolIdsSchema = z.object({ ids: poolIds });

/** Distribute pool customers to one user: `{ids, userId}`. */
export const distributeSchema = z.object({ ids: poolIds, userId: idField(PoolMsg.userRequired) });

/** Lock (`isLock` 1) or unlock (0) customers. */
export const lockSchema = z.object({ ids: poolIds, isLock: intEnum([0, 1] as const, PoolMsg.lockInvalid) });

/**
 * The pool rule: when `status` is 1 the return job takes back unlocked, not-closed customers
 * with no follow-up for `followUpDays` days, or no deal within `dealDays` days of being taken
 * from the pool. Closed customers are never returned (DECISIONS), so there is no switch for them.
 */
export const poolRulesSchema = z.object({
  status: intEnum([0, 1] as const, PoolMsg.statusInvalid, 0),
  followUpDays: intWithDefault(PoolMsg.followUpDaysInvalid, 7, { min: 1, max: 365 }),
  dealDays: intWithDefault(PoolMsg.dealDaysInvalid, 3, { min: 1, max: 365 }),
});
export type PoolRules = z.infer<typeof poolRulesSchema>;
export const defaultPoolRules: PoolRules = { status: 0, followUpDays: 7, dealDays: 3 };

/** The answer of `getRulesSetting`. */
export const poolRulesResponse = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  followUpDays: z.number().int(),
  dealDays: z.number().int(),
});

/** How many customers a pool call changed. */
export const poolCountResponse = z.object({ count: z.number().int() });
