import { describe, expect, it } from 'vitest';
import { contactsKind, contactsSaveSchema } from './contacts.ts';
import { customerKind } from './customer.ts';
import { customerEntityFields as form } from './customer-save.ts';
import { fixedRuleOf, fixedShape, relaxFillable, textRuleOf } from './derive.ts';
import type { FixedField } from './kind.ts';
import { leadsKind, leadsSaveSchema } from './leads.ts';

/** The save rules derived from a kind's declaration: limits, required and format messages as the spec words them. */
const entity = (e: object) => ({ entity: { batchId: 'b-derive-1', ...e }, field: [] });
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('fixed-field rules derived from the declaration', () => {
  it('refuses what the declaration refuses, with the spec messages', () => {
    expect(firstMessage(contactsSaveSchema.safeParse(entity({ customerId: 1 })))).toBe('姓名不能为空');
    expect(firstMessage(contactsSaveSchema.safeParse(entity({ name: '甲', customerId: 1, mobile: 'x' })))).toBe(
      '手机格式有误',
    );
    expect(firstMessage(contactsSaveSchema.safeParse(entity({ name: '甲', customerId: 1, email: 'x' })))).toBe(
      '邮箱格式有误',
    );
    expect(firstMessage(leadsSaveSchema.safeParse(entity({})))).toBe('线索名称不能为空');
    expect(firstMessage(leadsSaveSchema.safeParse(entity({ name: '甲', telephone: '1'.repeat(21) })))).toBe(
      '电话不能超过20个字符',
    );
  });

  it('takes a limit from the field, else from its column (备注 is varchar(200))', () => {
    const remark = leadsKind.fixedFields.find((f) => f.fieldName === 'remark')!;
    expect(textRuleOf(remark)).toEqual({ label: '备注', max: 200, multiline: true });
    expect(firstMessage(leadsSaveSchema.safeParse(entity({ name: '甲', remark: 'x'.repeat(201) })))).toBe(
      '备注不能超过200个字符',
    );
    // Declared once: moving the limit moves the rule.
    const post = contactsKind.fixedFields.find((f) => f.fieldName === 'post')!;
    const longer = fixedRuleOf({ ...post, maxLength: 60 } as FixedField)!;
    expect(longer.safeParse('x'.repeat(55)).success).toBe(true);
    expect(fixedRuleOf(post)!.safeParse('x'.repeat(55)).success).toBe(false);
  });

  it('reads 是/否 words and booleans for a yes/no choice and leaves it out when absent', () => {
    const ok = (v: unknown) =>
      contactsSaveSchema.parse(entity({ name: '甲', customerId: 1, ...(v === undefined ? {} : { policymaker: v }) }))
        .entity.policymaker;
    expect([ok('是'), ok('否'), ok(true), ok(undefined)]).toEqual([true, false, true, undefined]);
  });

  it('relaxes a field required of whoever may fill it: left out of an update it stays', () => {
    const parsed = contactsSaveSchema.parse(entity({ name: '甲', contactsId: 3 }));
    expect(parsed.entity.customerId).toBeUndefined();
  });

  it('refuses a kind whose field derives no rule and is not given one', () => {
    const kind = {
      ...leadsKind,
      fixedFields: [{ ...leadsKind.fixedFields[0], fieldName: 'at', formType: 'datetime' as const }],
    };
    expect(() => fixedShape(kind)).toThrow('leads.at');
  });
});

describe('the customer’s declaration (issue 27, h-schemas)', () => {
  // The save's derived rules, field by field; the panel's (`form`) are the same fields unrelaxed.
  const rule = (name: string) => fixedRuleOf(customerKind.fixedFields.find((f) => f.fieldName === name)!)!;
  const save = { mobile: rule('mobile'), gender: rule('gender'), shopOwnerId: rule('shopOwnerId') };
  const msg = (
    rule: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
    v: unknown,
  ) => firstMessage(rule.safeParse(v));

  it('derives a required mobile with its declared messages, relaxed for the save only', () => {
    expect(msg(form.mobile, '')).toBe('请输入手机号');
    expect(msg(form.mobile, '12ab')).toBe('手机格式有误');
    expect(msg(save.mobile, '12ab')).toBe('手机格式有误');
    expect(save.mobile.parse('')).toBe('');
    expect(save.mobile.parse(undefined)).toBeUndefined();
  });

  it('reads a number-coded choice from its code or word, refused with its declared message', () => {
    expect([save.gender.parse('女'), save.gender.parse(1), save.gender.parse('2'), save.gender.parse('')]).toEqual([
      2,
      1,
      2,
      undefined,
    ]);
    expect(msg(save.gender, 3)).toBe('请选择性别');
  });

  it('takes an id read as a name (所属门店) for a link, required with its declared message', () => {
    expect(msg(form.shopOwnerId, '')).toBe('请选择所属门店');
    expect(form.shopOwnerId.parse('7')).toBe(7);
    expect(save.shopOwnerId.parse(undefined)).toBeUndefined();
  });

  it('relaxes only the fields named, and only those required of whoever may fill them', () => {
    const relaxed = relaxFillable(customerKind, form, ['idCard', 'customerName']);
    expect(relaxed.idCard.parse('')).toBe('');
    expect(msg(relaxed.relation, '')).toBe('请输入服务三级');
    // 客户名称 is required of everyone: naming it relaxes nothing.
    expect(msg(relaxed.customerName, '')).toBe('请输入客户名称');
  });
});
