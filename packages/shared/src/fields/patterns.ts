/**
 * The one mobile and the one email pattern of the system (spec: CRM records §5): employees,
 * profiles and custom fields all check with these.
 */

/** An optional country prefix (`+86`, `0086-`), then 6–11 digits. */
export const mobilePattern = /^(\+?\d{1,4}[- ]?)?\d{6,11}$/;

/** A mainland mobile number as the approval forms ask for it: 11 digits, 1 then 3/4/5/7/8 (spec: approvals §5, additional order). */
export const mainlandMobilePattern = /^1[34578]\d{9}$/;

/** A mainland ID card number: 18 characters (the last may be X) or the old 15 digits. */
export const idCardPattern = /^(\d{17}[\dXx]|\d{15})$/;

/** name@domain with a 2–4 letter suffix. */
export const emailPattern = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/;

/** Upload batches: letters, digits, `_` and `-`, at most 40. */
export const batchIdPattern = /^[A-Za-z0-9_-]{1,40}$/;
