import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import { idField, intEnum, optionalText, requiredText } from '../../schemas/fields.ts';
import { accountInfoSchema } from '../money/reads.ts';
import { VisitMsg } from './messages.ts';
import { visitAnswer } from './schemas.ts';

/**
 * The consultation room (面诊室, /workflow/witness; docs/clinic-visits.md "Consultation room"):
 * the consultant's and the doctor's visits of today, accept and refuse, the consult and doctor
 * notes and the customer card. Live queue events travel on the messaging socket (`watchVisits`).
 */

export const WitnessMsg = {
  notYours: '该顾客不是分配给您的，不能操作',
  onlyConsultant: '只有该顾客的顾问可以接诊、拒诊和保存面诊',
  reasonRequired: '请填写拒诊原因',
  itemsRequired: '请填写面诊项目',
  dealInvalid: '请选择是否成交',
  noDealReasonRequired: '未成交请填写原因',
  noteRequired: '请填写医生记录',
  notDoctor: '只有该顾客的医生可以填写医生记录',
  visitClosed: '顾客已离店，不能再填写记录',
} as const;

/** Kinds of clinic_visit_note. */
export const VisitNoteKind = { triage: 1, consult: 2, doctor: 3 } as const;
export const visitNoteKindNames: Record<number, string> = { 1: '分诊', 2: '面诊', 3: '医生' };

const visitId = idField(VisitMsg.visitRequired);

export const refuseSchema = z.object({
  visitId,
  reason: requiredText({ label: '拒诊原因', max: 200 }, WitnessMsg.reasonRequired),
});
export type RefuseInput = z.infer<typeof refuseSchema>;

/** 保存面诊: what was discussed, 成交 or 未成交 (then why), a free note; once per batch id. */
export const consultSchema = z
  .object({
    visitId,
    items: requiredText({ label: '面诊项目', max: 500, multiline: true }, WitnessMsg.itemsRequired),
    deal: intEnum([1, 2] as const, WitnessMsg.dealInvalid),
    noDealReason: optionalText({ label: '未成交原因', max: 200 }),
    content: optionalText({ label: '面诊记录', max: 1000, multiline: true }),
    batchId: formBatchId,
  })
  .refine((v) => v.deal === 1 || v.noDealReason !== '', {
    error: WitnessMsg.noDealReasonRequired,
    path: ['noDealReason'],
  });
export type ConsultInput = z.infer<typeof consultSchema>;

export const doctorNoteSchema = z.object({
  visitId,
  content: requiredText({ label: '医生记录', max: 1000, multiline: true }, WitnessMsg.noteRequired),
  batchId: formBatchId,
});
export type DoctorNoteInput = z.infer<typeof doctorNoteSchema>;

// ---- answers ----

export const visitNoteAnswer = z.object({
  noteId: z.number().int(),
  kind: z.number().int(),
  userName: z.string(),
  content: z.string(),
  createTime: apiTime,
});

/** The customer card: the visit, who, money, sessions left, history and follow-ups in one call. */
export const witnessCardAnswer = z.object({
  visit: visitAnswer.extend({ dealStatus: z.number().int(), noDealReason: z.string() }),
  customer: z.object({
    customerId: z.number().int(),
    customerName: z.string(),
    mobile: z.string(),
    /** 1 男, 2 女; null when hidden from the viewer. */
    gender: z.number().int().nullable(),
    ownerName: z.string(),
  }),
  account: accountInfoSchema,
  /** Deals with sessions left (成交项目 not used up, refunded, converted or expired). */
  deals: z.array(
    z.object({
      dealId: z.number().int(),
      name: z.string(),
      sessionsBought: z.number().int(),
      sessionsLeft: z.number().int(),
      sessionsHeld: z.number().int(),
      arrears: z.number().int(),
      expiresOn: z.string().nullable(),
      status: z.number().int(),
    }),
  ),
  /** This visit's notes (triage, consult, doctor), oldest first. */
  notes: z.array(visitNoteAnswer),
  /** The customer's earlier visits, newest first (at most 10). */
  visits: z.array(
    z.object({
      visitId: z.number().int(),
      arrivedTime: apiTime,
      visitType: z.number().int(),
      status: z.number().int(),
      consultantName: z.string().nullable(),
      dealStatus: z.number().int(),
      notes: z.array(visitNoteAnswer),
    }),
  ),
  /** The customer's latest follow-ups (跟进记录), newest first (at most 5). */
  followUps: z.array(
    z.object({
      followId: z.number().int(),
      category: z.string(),
      content: z.string(),
      userName: z.string(),
      createTime: apiTime,
    }),
  ),
});
export type WitnessCard = z.infer<typeof witnessCardAnswer>;
export type WitnessCardData = z.input<typeof witnessCardAnswer>;

export const witnessContracts = {
  '/clinic/witness/queue': z.array(visitAnswer),
  '/clinic/witness/accept': visitAnswer,
  '/clinic/witness/refuse': visitAnswer,
  '/clinic/witness/consult': visitAnswer,
  '/clinic/witness/doctorNote': visitAnswer,
  '/clinic/witness/card': witnessCardAnswer,
};
