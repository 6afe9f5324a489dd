import { z } from 'zod';
import { apiTime, pageOf } from '../contracts/common.ts';
import {
  boolish,
  emptyBody,
  idField,
  intWithDefault,
  optionalInt,
  optionalText,
  pageFields,
} from '../schemas/fields.ts';

/**
 * Open links (issue 25): the pages the spec lists as open (/largeScreen, /signH5, the lottery pages,
 * the review page, /reimbursementDetail) open only with a link made for them: a random token (only
 * its hash is stored), for one purpose and one subject, expiring, revocable, optionally limited to
 * a number of uses, and rate-limited per address (docs/open-links.md).
 */
export const OpenLinkMsg = {
  invalid: '链接无效，请向工作人员索取新的链接',
  expired: '链接已过期，请向工作人员索取新的链接',
  revoked: '链接已被撤销，请向工作人员索取新的链接',
  used: '链接已使用过，不能再次使用',
  tooMany: '访问过于频繁，请稍后再试',
  notFound: '链接不存在',
  daysInvalid: '有效期须为1到{max}天',
  usesInvalid: '可用次数须为1到100000次',
  labelTooLong: '链接名称不能超过50个字符',
} as const;

/** Every purpose a link can be made for; each names the open page it opens. */
export const openLinkPurposes = {
  largeScreen: '/largeScreen',
  review: '/evaluateH5',
  lottery: '/largeTurntablePage',
  luckyGrid: '/LargeLuckyGridPage',
  signIn: '/signH5',
  reimbursement: '/reimbursementDetail',
} as const;
export type OpenLinkPurpose = keyof typeof openLinkPurposes;

/** A token as links carry it: 32 url-safe characters (24 random bytes). */
export const OPEN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const openTokenField = z.string({ error: OpenLinkMsg.invalid }).regex(OPEN_TOKEN_PATTERN, {
  error: OpenLinkMsg.invalid,
});
/** The body of every open call: the token plus what the call itself reads. */
export const openTokenSchema = z.object({ token: openTokenField });

/** 1 有效, 2 已过期, 3 已撤销, 4 已用完. */
export const openLinkStatuses = [1, 2, 3, 4] as const;
export const openLinkStatusNames: Record<number, string> = { 1: '有效', 2: '已过期', 3: '已撤销', 4: '已用完' };

/** The administrator's calls on a purpose's links (each feature mounts them at its own path). */
export const openLinkCreateSchema = (maxDays: number) =>
  z.object({
    label: optionalText({ label: '链接名称', max: 50 }),
    days: intWithDefault(OpenLinkMsg.daysInvalid.replace('{max}', String(maxDays)), Math.min(30, maxDays), {
      min: 1,
      max: maxDays,
    }),
    maxUses: optionalInt(OpenLinkMsg.usesInvalid, { min: 1, max: 100_000 }),
  });
export const openLinkListSchema = z.object({ ...pageFields, includeInactive: boolish.optional() });
export const openLinkRevokeSchema = z.object({ linkId: idField(OpenLinkMsg.notFound) });

export const openLinkRowSchema = z.object({
  linkId: z.number().int(),
  purpose: z.string(),
  label: z.string(),
  subject: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  useCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  createdBy: z.string(),
  createTime: apiTime,
  expireTime: apiTime,
  lastUsedTime: apiTime.nullable(),
});
export type OpenLinkRow = z.infer<typeof openLinkRowSchema>;

/** A new link: the token is shown once, here; the server keeps only its hash. */
export const openLinkCreatedSchema = z.object({
  linkId: z.number().int(),
  token: z.string(),
  path: z.string(),
  expireTime: apiTime,
});
export type OpenLinkCreated = z.infer<typeof openLinkCreatedSchema>;

const openLinkPage = pageOf(openLinkRowSchema);
const noData = z.null();
/** The response contracts of the admin calls a feature mounts at `base` (`/bi/screenLink`). */
export const openLinkAdminContracts = <B extends string>(base: B) =>
  ({
    [`${base}/create`]: openLinkCreatedSchema,
    [`${base}/list`]: openLinkPage,
    [`${base}/revoke`]: noData,
  }) as unknown as Record<`${B}/create`, typeof openLinkCreatedSchema> &
    Record<`${B}/list`, typeof openLinkPage> &
    Record<`${B}/revoke`, typeof noData>;

// Input contracts (issue 27, h-wire): the schemas the open calls and the admin calls parse, made
// once per declaration so the route and `inputContracts` hold the very same object.

/** What an open call reads besides its token when it reads nothing else. */
export const openNoFields = emptyBody;
const withToken = <S extends z.ZodObject>(schema: S) => schema.extend({ token: openTokenField });
const openCalls = new WeakMap<z.ZodObject, z.ZodObject>();
/** The body of an open call: the token plus what the call itself reads (`schema`). */
export function openCallSchema<S extends z.ZodObject>(schema: S): ReturnType<typeof withToken<S>> {
  let made = openCalls.get(schema);
  if (!made) {
    made = withToken(schema);
    openCalls.set(schema, made);
  }
  return made as ReturnType<typeof withToken<S>>;
}

type AdminInputOptions<E extends z.ZodObject> = {
  maxDays: number;
  /** What the feature adds to create (and, when scoped, to list and revoke): the link's subject. */
  extra?: E;
  /** List and revoke read `extra` too: the links of one subject at a time. */
  scoped?: boolean;
};
const adminInputs = new Map<string, { opts: AdminInputOptions<z.ZodObject>; schemas: Record<string, z.ZodType> }>();
const adminSchemas = <E extends z.ZodObject>({ maxDays, extra, scoped }: AdminInputOptions<E>) => {
  const shape = (extra?.shape ?? {}) as E['shape'];
  return {
    create: openLinkCreateSchema(maxDays).extend(shape),
    list: scoped ? openLinkListSchema.extend(shape) : openLinkListSchema,
    revoke: scoped ? openLinkRevokeSchema.extend(shape) : openLinkRevokeSchema,
  };
};
type AdminSchemas<E extends z.ZodObject> = ReturnType<typeof adminSchemas<E>>;

/**
 * The input contracts of the admin calls a feature mounts at `base`; made once per base (the
 * server's routes ask with the same options; other options for a known base are a mistake).
 */
export function openLinkAdminInputs<B extends string, E extends z.ZodObject = z.ZodObject<{}>>(
  base: B,
  opts: AdminInputOptions<E>,
): Record<`${B}/create`, AdminSchemas<E>['create']> &
  Record<`${B}/list`, AdminSchemas<E>['list']> &
  Record<`${B}/revoke`, AdminSchemas<E>['revoke']> {
  let made = adminInputs.get(base);
  if (!made) {
    const s = adminSchemas(opts);
    made = { opts, schemas: { [`${base}/create`]: s.create, [`${base}/list`]: s.list, [`${base}/revoke`]: s.revoke } };
    adminInputs.set(base, made);
  } else if (
    made.opts.maxDays !== opts.maxDays ||
    made.opts.extra !== opts.extra ||
    Boolean(made.opts.scoped) !== Boolean(opts.scoped)
  )
    throw new Error(`${base}: the open-link admin calls are declared twice with different options`);
  return made.schemas as never;
}
