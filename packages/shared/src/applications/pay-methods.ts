import { z } from 'zod';
import { type CashMethod, cashMethods, payMethodNames } from '../clinic/money/charge.ts';

/**
 * The desk's cash methods as a company setting (/manager/system-project, issue 25): each may be
 * renamed and switched off; the cashier desk shows the enabled ones by their names and the charge
 * refuses a switched-off one. Balances and coupons are not settings (they are the money path).
 */
export const payMethodRow = z.object({ method: z.string(), name: z.string(), enabled: z.boolean() });
export type PayMethodRow = z.infer<typeof payMethodRow>;
export const payMethodListResponse = z.array(payMethodRow);

export type PayMethodSetting = { off: string[]; names: Record<string, string> };

/** The rows of a stored setting (absent or unreadable: every method on, by its own name). */
export function payMethodRows(setting: PayMethodSetting | null): PayMethodRow[] {
  return cashMethods.map((m) => ({
    method: m,
    name: setting?.names[m]?.trim() || payMethodNames[m],
    enabled: !setting?.off.includes(m),
  }));
}

export const payMethodOffMsg = (name: string) => `支付方式“${name}”已停用`;

const NAME_MSG = '支付方式名称为1到10个字';
export const payMethodSaveInput = z.object({
  // The web posts form-encoded: the list arrives as JSON text.
  methods: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(
        z.object({
          method: z.enum(cashMethods as unknown as [CashMethod, ...CashMethod[]], { error: '没有这种支付方式' }),
          name: z.string({ error: NAME_MSG }).trim().min(1, { error: NAME_MSG }).max(10, { error: NAME_MSG }),
          enabled: z.boolean({ error: '请选择启用或停用' }),
        }),
        { error: '请提交支付方式列表' },
      )
      .refine((list) => list.some((m) => m.enabled), { error: '至少保留一种支付方式' }),
  ),
});
export type PayMethodSaveInput = z.infer<typeof payMethodSaveInput>;
