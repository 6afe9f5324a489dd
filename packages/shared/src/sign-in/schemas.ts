import { z } from 'zod';
import { apiTime, noData } from '../contracts/common.ts';
import { idField, intEnum, isDay, numberOf, optionalId, optionalText, requiredText } from '../schemas/fields.ts';
import { SignInMsg } from './messages.ts';
import { clockMinutes, isSignClock, signKinds } from './rules.ts';

/** Requests and answers of /OaSignIn/* (docs/workbench-sign-in.md). */

export const MAX_SIGN_PLACES = 20;
export const signNoteRule = { label: '说明', max: 100 };

const clock = z.string({ error: SignInMsg.clockInvalid }).refine(isSignClock, { error: SignInMsg.clockInvalid });
const minutes = z.preprocess(
  numberOf,
  z
    .number({ error: SignInMsg.minutesInvalid })
    .int({ error: SignInMsg.minutesInvalid })
    .min(0, { error: SignInMsg.minutesInvalid })
    .max(240, { error: SignInMsg.minutesInvalid }),
);
const coordinate = (min: number, max: number, msg: string) =>
  z.preprocess(numberOf, z.number({ error: msg }).min(min, { error: msg }).max(max, { error: msg }));
const lat = coordinate(-90, 90, SignInMsg.latInvalid);
const lng = coordinate(-180, 180, SignInMsg.lngInvalid);
const deptId = idField(SignInMsg.deptRequired);
const month = z
  .string({ error: SignInMsg.monthInvalid })
  .refine((m) => /^\d{4}-\d{2}$/.test(m) && isDay(`${m}-01`), { error: SignInMsg.monthInvalid });

export const signPlaceSchema = z.object({
  name: requiredText({ label: '地点名称', max: 30 }, SignInMsg.placeNameRequired),
  lat,
  lng,
  radius: z.preprocess(
    numberOf,
    z
      .number({ error: SignInMsg.radiusInvalid })
      .int({ error: SignInMsg.radiusInvalid })
      .min(10, { error: SignInMsg.radiusInvalid })
      .max(5000, { error: SignInMsg.radiusInvalid }),
  ),
});

/** A department's rule, replacing the one it has (sub-departments without their own inherit it). */
export const signRuleSaveSchema = z
  .object({
    deptId,
    workStart: clock,
    workEnd: clock,
    lateMinutes: minutes,
    earlyMinutes: minutes,
    places: z
      .array(signPlaceSchema, { error: SignInMsg.placeNameRequired })
      .max(MAX_SIGN_PLACES, { error: SignInMsg.tooManyPlaces }),
    fieldAllowed: z.boolean({ error: SignInMsg.placeOrFieldRequired }),
    workdays: z
      .array(intEnum([1, 2, 3, 4, 5, 6, 7] as const, SignInMsg.workdayInvalid), { error: SignInMsg.workdaysRequired })
      .min(1, { error: SignInMsg.workdaysRequired })
      .max(7, { error: SignInMsg.workdayInvalid }),
  })
  .refine((r) => clockMinutes(r.workEnd) > clockMinutes(r.workStart), { error: SignInMsg.endBeforeStart })
  .refine((r) => r.places.length > 0 || r.fieldAllowed, { error: SignInMsg.placeOrFieldRequired });
export type SignRuleSaveInput = z.infer<typeof signRuleSaveSchema>;

export const signRuleDeptSchema = z.object({ deptId });

/** The phone's sign: which, where, and the note a field sign needs. */
export const signH5Schema = z.object({
  kind: intEnum(signKinds, SignInMsg.kindInvalid),
  lat,
  lng,
  note: optionalText(signNoteRule),
});
export type SignH5Input = z.infer<typeof signH5Schema>;

/** The statistics: a month, optionally one department (with its sub-departments) or one person. */
export const signQuerySchema = z.object({
  month,
  deptId: optionalId(SignInMsg.deptRequired),
  userId: optionalId(SignInMsg.userInvalid),
});
export type SignQueryInput = z.infer<typeof signQuerySchema>;

// ---- answers ----

const place = z.object({ name: z.string(), lat: z.number(), lng: z.number(), radius: z.number().int() });

export const signRuleAnswer = z.object({
  deptId: z.number().int(),
  deptName: z.string(),
  workStart: z.string(),
  workEnd: z.string(),
  lateMinutes: z.number().int(),
  earlyMinutes: z.number().int(),
  places: z.array(place),
  fieldAllowed: z.boolean(),
  workdays: z.array(z.number().int()),
  updateTime: apiTime,
});
export type SignRuleRow = z.infer<typeof signRuleAnswer>;

export const signRecordAnswer = z.object({
  recordId: z.number().int(),
  kind: z.number().int(),
  signTime: apiTime,
  status: z.number().int(),
  field: z.boolean(),
  placeName: z.string(),
  note: z.string(),
});
export type SignRecordRow = z.infer<typeof signRecordAnswer>;

export const signTodayAnswer = z.object({
  realname: z.string(),
  deptName: z.string(),
  day: z.string(),
  workday: z.boolean(),
  /** The rule that applies (the department's own or the nearest ancestor's), or null. */
  rule: signRuleAnswer.nullable(),
  records: z.array(signRecordAnswer),
});
export type SignToday = z.infer<typeof signTodayAnswer>;

export const signLinkAnswer = z.object({
  linkId: z.number().int(),
  token: z.string(),
  path: z.string(),
  expireTime: apiTime,
});

const dayStatus = z.enum(['normal', 'late', 'early', 'missing', 'field']);
export const signDayRow = z.object({
  userId: z.number().int(),
  realname: z.string(),
  deptName: z.string(),
  day: z.string(),
  workday: z.boolean(),
  inTime: z.string().nullable(),
  outTime: z.string().nullable(),
  statuses: z.array(dayStatus),
});
export type SignDayRow = z.infer<typeof signDayRow>;

export const signSummaryRow = z.object({
  userId: z.number().int(),
  realname: z.string(),
  deptName: z.string(),
  /** Workdays with a rule so far this month; days signed in. */
  workdays: z.number().int(),
  signedDays: z.number().int(),
  late: z.number().int(),
  early: z.number().int(),
  missing: z.number().int(),
  field: z.number().int(),
});
export type SignSummaryRow = z.infer<typeof signSummaryRow>;

export const signMonthAnswer = z.object({
  month: z.string(),
  days: z.array(signDayRow),
  people: z.array(signSummaryRow),
});
export type SignMonth = z.infer<typeof signMonthAnswer>;

export const signInContracts = {
  '/OaSignIn/ruleList': z.array(signRuleAnswer),
  '/OaSignIn/saveRule': signRuleAnswer,
  '/OaSignIn/deleteRule': noData,
  '/OaSignIn/myLink': signLinkAnswer,
  '/OaSignIn/h5/today': signTodayAnswer,
  '/OaSignIn/h5/sign': signRecordAnswer,
  '/OaSignIn/month': signMonthAnswer,
};
