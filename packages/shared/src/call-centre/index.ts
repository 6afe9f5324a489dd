import { z } from 'zod';
import { apiTime, noData, pageOf } from '../contracts/common.ts';
import { idField, optionalDay, optionalId, optionalText, pageFields, requiredText } from '../schemas/fields.ts';

/**
 * The call centre (issue 25, docs/crm-call-centre.md): click-to-call from a customer, lead or
 * contact, each user's extension, the call log with recordings. The calls keep the original's
 * names under `/moor/` (容联七陌, its telephony vendor); the server picks the provider.
 */
export const CallMsg = {
  kindInvalid: '只能拨打客户、线索或联系人的电话',
  fieldInvalid: '只能拨打手机或电话字段',
  recordRequired: '请选择要拨打的记录',
  noNumber: '该记录没有可拨打的号码',
  noExten: '您还没有绑定分机，请先在“我的分机”中选择一个分机',
  notConfigured: '话务服务尚未配置，请联系管理员',
  busy: '您有一通电话尚未结束，请稍后再拨',
  callNotFound: '通话不存在',
  noRecording: '该通话没有录音',
  extenInvalid: '分机号只能是2到10位数字',
  extenNotFound: '分机不存在',
  extenTaken: '该分机已由其他人使用',
  extenExists: '分机号已存在',
  extenInUse: '该分机正在使用中，请先解除绑定',
  userIdInvalid: '员工参数有误',
  directionInvalid: '呼叫方向只能是呼出或呼入',
  answeredInvalid: '接通状态参数有误',
  dayInvalid: '日期格式有误',
  callIdInvalid: '通话编号有误',
  providerInvalid: '话务服务只能是模拟话务或容联七陌',
  moorIncomplete: '使用容联七陌需要填写账户编号、接口密钥和接口地址',
  baseUrlInvalid: '接口地址必须以 http:// 或 https:// 开头',
  delayInvalid: '模拟时长必须是0到60000毫秒',
  providerFailed: '话务服务拨号失败，请稍后再试',
  callbackRefused: '回调签名无效',
} as const;

/** The kinds a call starts from, and the fixed phone fields of each (custom phone fields are not dialled). */
export const callKinds = ['customer', 'leads', 'contacts'] as const;
export type CallKind = (typeof callKinds)[number];
export const callFields = ['mobile', 'telephone'] as const;
export type CallField = (typeof callFields)[number];
export const callFieldsOf: Record<CallKind, readonly CallField[]> = {
  customer: ['mobile'],
  leads: ['mobile', 'telephone'],
  contacts: ['mobile', 'telephone'],
};

export const callStatuses = ['ringing', 'talking', 'ended'] as const;
export type CallStatus = (typeof callStatuses)[number];
export const callDirections = ['out', 'in'] as const;
export type CallDirection = (typeof callDirections)[number];
export const callProviders = ['simulated', 'moor'] as const;
export type CallProviderName = (typeof callProviders)[number];

/** The follow-up method a finished call is filed under (the settings' default list has it). */
export const CALL_FOLLOW_CATEGORY = '打电话';

/** `moor/call`: the server reads the number of `field` on record `id` of `kind`; the browser never sends one. */
export const callSchema = z.object({
  kind: z.enum(callKinds, { error: CallMsg.kindInvalid }),
  id: idField(CallMsg.recordRequired),
  field: z.enum(callFields, { error: CallMsg.fieldInvalid }).default('mobile'),
});
export type CallInput = z.infer<typeof callSchema>;

const callIdField = requiredText({ label: '通话编号', max: 40 }, CallMsg.callIdInvalid);
export const callIdSchema = z.object({ callId: callIdField });

export const callStateSchema = z.object({
  callId: z.string(),
  status: z.enum(callStatuses),
  answered: z.boolean(),
  /** Seconds talked (0 until answered and ended). */
  duration: z.number().int(),
  /** The follow-up the ended call wrote on the record. */
  followId: z.number().int().nullable(),
});
export type CallState = z.infer<typeof callStateSchema>;

export const callVerifyResponse = z.object({
  canCall: z.boolean(),
  /** Why not, in words a person understands ("" when they can). */
  reason: z.string(),
  exten: z.string().nullable(),
  provider: z.enum(callProviders),
});

const extenText = requiredText({ label: '分机号', max: 10 }, CallMsg.extenInvalid).refine((v) => /^\d{2,10}$/.test(v), {
  error: CallMsg.extenInvalid,
});
/** `moor/setMyExten?exten=8001`: take a free extension; blank lets go of mine. */
export const setMyExtenSchema = z.object({ exten: optionalText({ label: '分机号', max: 10 }) });
export const extenSchema = z.object({ exten: extenText });
/** An administrator gives an extension to someone (or nobody: `userId` absent). */
export const assignExtenSchema = z.object({ exten: extenText, userId: optionalId(CallMsg.userIdInvalid) });

export const extenRowSchema = z.object({
  exten: z.string(),
  userId: z.number().int().nullable(),
  realname: z.string().nullable(),
  mine: z.boolean(),
});
export const extenListResponse = z.array(extenRowSchema);

const optionalBool = (msg: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? undefined
        : v === 'true' || v === '1' || v === 1
          ? true
          : v === 'false' || v === '0' || v === 0
            ? false
            : v,
    z.boolean({ error: msg }).optional(),
  );

/** `moor/queryCallLog`: mine, or a user's in my data scope (`userId`, in the query as the original sends it). */
export const callLogQuerySchema = z.object({
  ...pageFields,
  userId: optionalId(CallMsg.userIdInvalid),
  startDay: optionalDay(CallMsg.dayInvalid),
  endDay: optionalDay(CallMsg.dayInvalid),
  direction: z.enum(callDirections, { error: CallMsg.directionInvalid }).optional(),
  answered: optionalBool(CallMsg.answeredInvalid),
});

export const callLogRowSchema = z.object({
  callId: z.string(),
  userId: z.number().int(),
  realname: z.string(),
  exten: z.string(),
  kind: z.enum(callKinds).nullable(),
  recordId: z.number().int().nullable(),
  /** The record's name when the viewer may read the record ("" otherwise); the number is never answered. */
  recordName: z.string(),
  field: z.enum(callFields).nullable(),
  direction: z.enum(callDirections),
  status: z.enum(callStatuses),
  answered: z.boolean(),
  duration: z.number().int(),
  hasRecording: z.boolean(),
  startTime: apiTime,
  endTime: apiTime.nullable(),
});
export type CallLogRow = z.infer<typeof callLogRowSchema>;
export const callLogResponse = pageOf(callLogRowSchema);

/** The settings the administrators see: the secret is write-only (only whether one is set). */
export const callSettingsResponse = z.object({
  provider: z.enum(callProviders),
  moorAccountId: z.string(),
  moorBaseUrl: z.string(),
  moorSecretSet: z.boolean(),
  ringMs: z.number().int(),
  talkMs: z.number().int(),
});
export type CallSettings = z.infer<typeof callSettingsResponse>;

const delay = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: CallMsg.delayInvalid })
    .int({ error: CallMsg.delayInvalid })
    .min(0, { error: CallMsg.delayInvalid })
    .max(60_000, { error: CallMsg.delayInvalid })
    .optional(),
);
/** Absent fields keep their value; a blank secret keeps the stored one. */
export const callSettingsSaveSchema = z.object({
  provider: z.enum(callProviders, { error: CallMsg.providerInvalid }).optional(),
  moorAccountId: optionalText({ label: '账户编号', max: 60 }),
  moorSecret: optionalText({ label: '接口密钥', max: 200 }),
  moorBaseUrl: optionalText({ label: '接口地址', max: 200 }).refine((v) => !v || /^https?:\/\/\S+$/.test(v), {
    error: CallMsg.baseUrlInvalid,
  }),
  ringMs: delay,
  talkMs: delay,
});

export const callCentreContracts = {
  '/moor/call': callStateSchema,
  '/moor/callState': callStateSchema,
  '/moor/callVerify': callVerifyResponse,
  '/moor/queryCallLog': callLogResponse,
  '/moor/setMyExten': extenListResponse,
  '/moor/queryExtens': extenListResponse,
  '/moor/addExten': extenListResponse,
  '/moor/removeExten': extenListResponse,
  '/moor/assignExten': extenListResponse,
  '/moor/settings': callSettingsResponse,
  '/moor/saveSettings': callSettingsResponse,
  '/moor/callback': noData,
} as const;

const moorText = (label: string, max: number) => optionalText({ label, max });
/**
 * The call result 七陌 pushes (GET query or form body, their field names). Loose: they send more
 * fields than these, which are ignored; the ActionID's tag is what proves it came through them.
 */
export const moorCallbackSchema = z.looseObject({
  ActionID: moorText('ActionID', 120),
  CallSheetID: moorText('CallSheetID', 80),
  State: moorText('State', 30),
  Begin: moorText('Begin', 30),
  End: moorText('End', 30),
  RecordFile: moorText('RecordFile', 300),
  FileServer: moorText('FileServer', 200),
});
