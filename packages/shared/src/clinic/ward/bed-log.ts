import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { idField } from '../../schemas/fields.ts';
import { WardMsg } from './states.ts';

/**
 * The bed log (issue 23, h-visit23): every change of a bed writes one row, who and when, from
 * which bed to which, so the inpatient page can tell a bed's and an admission's history.
 */

export const BedLogKind = { admit: 1, move: 2, discharge: 3, reserve: 4, release: 5, disable: 6, enable: 7 } as const;
export type BedLogKindCode = (typeof BedLogKind)[keyof typeof BedLogKind];
export const bedLogKindNames: Record<number, string> = {
  1: '入住',
  2: '换床',
  3: '出院',
  4: '预留',
  5: '取消预留',
  6: '停用',
  7: '启用',
};
export const bedLogKindNamesEn: Record<number, string> = {
  1: 'Admitted',
  2: 'Moved',
  3: 'Discharged',
  4: 'Reserved',
  5: 'Released',
  6: 'Out of use',
  7: 'Back in use',
};

export const admissionIdSchema = z.object({ admissionId: idField(WardMsg.admissionRequired) });

export const bedLogAnswer = z.object({
  logId: z.number().int(),
  kind: z.number().int(),
  admissionId: z.number().int().nullable(),
  /** Empty when the viewer may not read the customer, or no customer was involved (reserve, out of use). */
  customerName: z.string(),
  /** "治疗室 01": the bed left (a move only) and the bed the row is about. */
  fromBed: z.string().nullable(),
  toBed: z.string(),
  userName: z.string().nullable(),
  remark: z.string(),
  time: apiTime,
});
export type BedLog = z.infer<typeof bedLogAnswer>;
export type BedLogData = z.input<typeof bedLogAnswer>;

export const bedLogContracts = {
  '/clinic/ward/bedHistory': z.array(bedLogAnswer),
  '/clinic/ward/admissionHistory': z.array(bedLogAnswer),
};
