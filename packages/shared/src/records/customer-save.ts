import { z } from 'zod';
import { batchIdPattern } from '../fields/patterns.ts';
import { idList, optionalDay, optionalId, optionalText } from '../schemas/fields.ts';
import { CustomerMsg, customerKind } from './customer.ts';
import { fillableOnlyFields, fillShape, fixedShape, relaxFillable, startingAt, textRuleOf } from './derive.ts';
import { originalSaveBody } from './original.ts';
import { customFieldValues, RecordMsg } from './schemas.ts';

/**
 * The customer's save call, `CrmCustomer/addOrUpdate` (shell spec 3.2, 5.2; crm-records §3). The
 * side panel posts a flat body; the generic form posts `{entity, field}`. Both reach the same
 * schema, so a rule holds whichever form sent it. Each fixed field's rule derives from its
 * declaration (customer.ts: limits, required, messages of shell spec 5.2); the customer gives
 * only what a declaration cannot say.
 */

const declared = (name: string) => customerKind.fixedFields.find((f) => f.fieldName === name)!;

/** The customer's own rules: the ID image's address (its limit the column's), the signing day and users. */
const customerOwn = {
  idCardUrl: optionalText(textRuleOf(declared('idCardUrl'))),
  signTime: optionalDay(CustomerMsg.signTimeInvalid),
  signItemUserIds: idList(CustomerMsg.signUsersInvalid),
};

/**
 * What the save call accepts: every permission-dependent required field relaxed (the server then
 * requires those the user may fill) and no defaults applied to a field left out, so a field
 * hidden from the user is never sent for them and an update keeps what they could not see.
 */
const customerSaveFields = {
  customerId: optionalId(CustomerMsg.notFound),
  ...fixedShape(customerKind, customerOwn),
  /** The form's batch: attachments and the double-click guard. The panel may leave it out (see below). */
  batchId: z.string().regex(batchIdPattern, { error: RecordMsg.batchRequired }).optional(),
};

/**
 * The panel's fields, each with its rule (required ones required), its choices starting as shell
 * spec 4.3 says (an old customer, male, not signing); `customerId` on update.
 */
export const customerEntityFields = {
  ...customerSaveFields,
  ...fillShape(customerKind, {
    ...customerOwn,
    hasOldCustomer: startingAt(customerSaveFields.hasOldCustomer, true),
    gender: startingAt(customerSaveFields.gender, 1),
    hasSign: startingAt(customerSaveFields.hasSign, false),
  }),
};

/** The panel's fields with their cross-field rule: the form validates each field with it. */
export const customerEntitySchema = z.object(customerEntityFields).superRefine(signingRule);

function signingRule(c: { hasSign?: boolean; signTime?: string | null }, ctx: z.RefinementCtx) {
  if (c.hasSign && !c.signTime)
    ctx.addIssue({ code: 'custom', path: ['signTime'], message: CustomerMsg.signTimeRequired });
}

/**
 * The panel's required fields whose requirement follows the user's field permissions: a field
 * hidden from them or read-only is not required of them (docs/api/fields.md); the server checks
 * the others with these messages once it knows the user's access (crm/records/save.ts).
 */
export const customerRequiredFields = fillableOnlyFields(customerKind);

/**
 * The entity schema for a user who may not fill `notRequired` (the web panel passes its hidden
 * and read-only fields): those required fields may be left out or empty.
 */
export function customerEntitySchemaFor(notRequired: Iterable<string>) {
  return z.object(relaxFillable(customerKind, customerEntityFields, notRequired)).superRefine(signingRule);
}

const customerSaveEntitySchema = z.object(customerSaveFields).superRefine(signingRule);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every top-level key either body may carry, so a body naming none of them is refused as misspelt. */
const bodyKeys = z.object(
  Object.fromEntries([...Object.keys(customerEntityFields), 'entity', 'field'].map((k) => [k, z.unknown().optional()])),
);

/**
 * Either body as `{entity, field}`: a body with an `entity` object is the generic form's, any
 * other is the panel's flat body (no custom values). Not signing clears the signing fields.
 */
const customerSaveBody = bodyKeys
  .transform((v): unknown => (isObject(v.entity) ? { entity: v.entity, field: v.field } : { entity: v, field: [] }))
  .pipe(z.object({ entity: customerSaveEntitySchema, field: customFieldValues }))
  .transform(({ entity, field }) => ({
    entity: entity.hasSign === false ? { ...entity, signTime: null, signItemUserIds: [] } : entity,
    field,
  }));

/** The same call as the original client's forms send it (records/original.ts). */
export const customerSaveSchema = originalSaveBody(customerKind, customerSaveBody);
export type CustomerSaveInput = z.infer<typeof customerSaveSchema>;

/**
 * The Excel import's rows (`{entity, field}`): the same rules as the save, which read a sheet's
 * words (是/否, 男/女) as the codes they stand for.
 */
export const customerImportSchema = customerSaveBody;
