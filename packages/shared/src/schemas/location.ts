import { z } from 'zod';
import { timeInput } from '../time/field.ts';
import { idField, intEnum, intWithDefault, NumberMsg, numberOf, searchField } from './fields.ts';

/** Messages of the user-location map (workbench › system-map, docs/api/location.md). */
export const LocationMsg = {
  longitudeInvalid: '经度有误',
  latitudeInvalid: '纬度有误',
  timeInvalid: '定位时间格式有误',
  typeInvalid: '请选择类型',
  userRequired: '请选择人员',
  rangeInvalid: '查询时间范围有误',
  userNotFound: '用户不存在',
  /** Spec 8.6: the notice when the chosen person uploaded nothing that day (the web shows it). */
  noPositions: '该用户在所选日期没有上传位置',
} as const;

/**
 * Whose positions (spec 2.12: customer, store, staff). Positions are uploaded by signed-in
 * accounts, and in this product every account is staff: customers and shops are CRM records with
 * no login, so only staff is offered and stored (docs/decisions.md "User-location map").
 */
export const PositionType = { customer: 1, store: 2, staff: 3 } as const;
export type PositionType = (typeof PositionType)[keyof typeof PositionType];
export const positionTypes = [{ value: PositionType.staff, name: '员工', nameEn: 'Staff' }] as const;
const offeredTypes = positionTypes.map((t) => t.value);

/** A BD09 coordinate as the mobile client reports it: a number (or decimal text) within range. */
const coordinate = (min: number, max: number, msg: string) =>
  z.preprocess((v) => numberOf(v), z.number({ error: msg }).min(min, { error: msg }).max(max, { error: msg }));

/** A time (`timeInput`: company-zone text or ISO), or the device's clock in ms as the mobile client sends it. */
const positionTime = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(new Date(v).getTime()) ? new Date(v).toISOString() : v),
  timeInput(LocationMsg.timeInvalid),
);

/** A device clock may run a little ahead; a position further in the future is refused. */
export const POSITION_CLOCK_SKEW_MS = 10 * 60_000;

/** `OaLocation/uploadPosition`: the session user's own position now (or when the device took it). */
export const positionUploadSchema = z.object({
  longitude: coordinate(-180, 180, LocationMsg.longitudeInvalid),
  latitude: coordinate(-90, 90, LocationMsg.latitudeInvalid),
  synchronizationTime: positionTime
    .optional()
    .refine((d) => d === undefined || d.getTime() <= Date.now() + POSITION_CLOCK_SKEW_MS, {
      error: LocationMsg.timeInvalid,
    }),
});
export type PositionUploadInput = z.input<typeof positionUploadSchema>;

/** `OaLocation/queryUserList`: people of a type in the viewer's scope, by name. */
export const positionUserSearchSchema = z.object({
  type: intEnum(offeredTypes, LocationMsg.typeInvalid),
  search: searchField,
  page: intWithDefault(NumberMsg.pageInvalid, 1, { min: 1 }),
  limit: intWithDefault(NumberMsg.limitInvalid, 10, { min: 1, max: 1000 }),
});
export type PositionUserSearch = z.input<typeof positionUserSearchSchema>;

/** At most a month of positions in one answer (the map asks for one day). */
export const POSITION_RANGE_MAX_MS = 31 * 24 * 3600_000;

/** `OaLocation/queryPositions` (spec 7.6): one person's positions between two times. */
export const positionQuerySchema = z
  .object({
    userId: idField(LocationMsg.userRequired),
    startTime: positionTime,
    endTime: positionTime,
  })
  .refine(
    (q) =>
      q.endTime.getTime() >= q.startTime.getTime() &&
      q.endTime.getTime() - q.startTime.getTime() <= POSITION_RANGE_MAX_MS,
    { error: LocationMsg.rangeInvalid },
  );
export type PositionQuery = z.input<typeof positionQuerySchema>;
