import { z } from 'zod';
import { idField } from '../../schemas/fields.ts';
import { VisitMsg } from './messages.ts';

/**
 * 会员卡号 (issue 23): the customer's membership card, kept on the clinic account (not a CRM
 * field). Unique across the company when set; the triage desk finds a walk-in by it exactly.
 * Stored upper case so a card typed "vip001" is the card printed "VIP001".
 */

export const MemberCardMsg = {
  invalid: '会员卡号只能包含字母、数字和短横线，最多32位',
  required: '请输入会员卡号',
  taken: '会员卡号已被其他顾客使用',
} as const;

const CARD = /^[A-Z0-9-]{1,32}$/;
const cardText = z
  .string({ error: MemberCardMsg.invalid })
  .trim()
  .transform((v) => v.toUpperCase());

/** A card number as typed: blank clears the card (null). */
export const cardNumberField = cardText
  .refine((v) => v === '' || CARD.test(v), { error: MemberCardMsg.invalid })
  .transform((v) => (v === '' ? null : v));

/** `clinic/customer/setCardNumber`: give, change or clear (blank) a customer's card. */
export const setCardSchema = z.object({
  customerId: idField(VisitMsg.customerRequired),
  cardNumber: cardNumberField.nullable().default(null),
});
export type SetCardInput = z.infer<typeof setCardSchema>;

/** `clinic/visit/byCard`: the triage desk's exact lookup. */
export const byCardSchema = z.object({
  cardNumber: cardText
    .refine((v) => v !== '', { error: MemberCardMsg.required })
    .refine((v) => v === '' || CARD.test(v), {
      error: MemberCardMsg.invalid,
    }),
});

export const cardAnswer = z.object({ customerId: z.number().int(), cardNumber: z.string().nullable() });
/** The card's holder as the viewer may read them; null: no customer of theirs holds it. */
export const cardHolderAnswer = z
  .object({ customerId: z.number().int(), customerName: z.string(), mobile: z.string(), cardNumber: z.string() })
  .nullable();

export const cardContracts = {
  '/clinic/customer/setCardNumber': cardAnswer,
  '/clinic/visit/byCard': cardHolderAnswer,
};
