import { z } from 'zod';
import { apiTime } from '../contracts/common.ts';
import { requiredText } from '../schemas/fields.ts';

/**
 * 客户查重 (/crm/screening, issue 25): before creating a customer, staff look for existing
 * customers, leads and contacts by phone, ID number or name (pinyin too) under every owner.
 * The server's call is `/crm/screening/query` (packages/server/src/crm/screening).
 */
export const ScreeningMsg = {
  keywordShort: '请输入至少2个字的姓名、手机号或证件号',
  typesInvalid: '查重范围只能是客户、线索或联系人',
} as const;

export const screeningKinds = ['customer', 'leads', 'contacts'] as const;
export type ScreeningKind = (typeof screeningKinds)[number];

/** Most rows answered per kind; `total` says how many matched in all. */
export const SCREENING_LIMIT = 50;

export const screeningQuerySchema = z.object({
  // Trimmed, no control characters (NUL cannot reach PostgreSQL), 2–50 characters.
  keyword: requiredText({ label: '查询内容', max: 50 }, ScreeningMsg.keywordShort).pipe(
    z.string().min(2, { error: ScreeningMsg.keywordShort }),
  ),
  /** The kinds to search; empty or missing: all three. */
  types: z
    .array(z.enum(screeningKinds, { error: ScreeningMsg.typesInvalid }), { error: ScreeningMsg.typesInvalid })
    .max(3, { error: ScreeningMsg.typesInvalid })
    .optional(),
});
export type ScreeningQuery = z.infer<typeof screeningQuerySchema>;

/** Which field matched: 姓名 (name or its pinyin), a phone, or an ID number. */
export const screeningFields = ['name', 'mobile', 'telephone', 'idCard', 'gatIdCard'] as const;
export type ScreeningField = (typeof screeningFields)[number];
export const screeningFieldLabels: Record<ScreeningField, string> = {
  name: '姓名',
  mobile: '手机',
  telephone: '电话',
  idCard: '身份证号',
  gatIdCard: '港澳台证件号',
};

export const screeningRowSchema = z.object({
  kind: z.enum(screeningKinds),
  id: z.number().int(),
  name: z.string(),
  matchedField: z.enum(screeningFields),
  /** The matched value; a phone or ID hidden from the viewer comes masked (138****0000). */
  matchedValue: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerUserName: z.string(),
  ownerDeptName: z.string(),
  /** In the customer pool (no owner). */
  pool: z.boolean(),
  createTime: apiTime,
  /** Whether the viewer may open the record; otherwise they ask its owner. */
  canRead: z.boolean(),
});
export type ScreeningRow = z.infer<typeof screeningRowSchema>;

export const screeningGroupSchema = z.object({
  kind: z.enum(screeningKinds),
  total: z.number().int(),
  list: z.array(screeningRowSchema),
});
export const screeningResponse = z.object({ groups: z.array(screeningGroupSchema) });
export type ScreeningResponse = z.infer<typeof screeningResponse>;

/** A number shown without its middle: 13812340000 → 138****0000; short ones keep their ends only. */
export function maskNumber(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  if (value.length <= 7) return `${value.slice(0, 1)}${'*'.repeat(value.length - 2)}${value.slice(-1)}`;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

export const screeningContracts = { '/crm/screening/query': screeningResponse } as const;
