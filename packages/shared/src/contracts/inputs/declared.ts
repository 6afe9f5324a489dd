import type { z } from 'zod';
import { examineForms } from '../../approval-forms/definitions.ts';
import { reimbursementLinkMaxDays, reimbursementLinkSchema } from '../../approval-forms/reimbursement.ts';
import { examineFormSubmitSchema } from '../../approval-forms/submit.ts';
import { screenLinkExtra, screenLinkMaxDays } from '../../bi/screen.ts';
import { lotteryLinkExtra, lotteryLinkMaxDays } from '../../clinic/lottery.ts';
import { reviewPhotoSchema, reviewSubmitSchema } from '../../clinic/reviews/schemas.ts';
import { type SettingsCall, settingsInputsOf } from '../../clinic/settings/declare.ts';
import { clinicSettingsKinds, type SettingsKindName } from '../../clinic/settings/index.ts';
import { openCallSchema, openLinkAdminInputs, openNoFields } from '../../open-links/index.ts';
import { businessKind } from '../../records/business.ts';
import { contactsKind } from '../../records/contacts.ts';
import { contractKind, receivablesKind } from '../../records/contract.ts';
import { customerKind } from '../../records/customer.ts';
import type { RecordKind } from '../../records/kind.ts';
import { leadsKind } from '../../records/leads.ts';
import { forKind } from '../../records/original.ts';
import { productKind } from '../../records/product.ts';
import { transferSchemaOf } from '../../records/schemas.ts';
import { storeKind } from '../../records/store.ts';
import { signH5Schema } from '../../sign-in/schemas.ts';
import { recordKindInputs } from './records.ts';

/**
 * The inputs derived from a declaration (a record kind, a settings kind, a dedicated approval
 * type, an open page's link): each is made once per declaration, and the server's generic routes
 * ask for the same object (issue 27).
 */

/** The calls every record kind answers, per kind. */
export const recordKindsInputs = {
  ...recordKindInputs('CrmCustomer', customerKind),
  ...recordKindInputs('CrmLeads', leadsKind),
  // Leads change owner with `changeOwnerUser`; their `transfer` converts them (the leads map's own).
  '/CrmLeads/changeOwnerUser': forKind(transferSchemaOf(leadsKind as RecordKind), leadsKind),
  ...recordKindInputs('CrmContacts', contactsKind),
  ...recordKindInputs('CrmBusiness', businessKind),
  ...recordKindInputs('CrmContract', contractKind),
  ...recordKindInputs('CrmReceivables', receivablesKind),
  ...recordKindInputs('api/Store', storeKind),
  ...recordKindInputs('CrmProduct', productKind),
} satisfies Record<string, z.ZodType>;

/** Every settings kind's calls (clinic/settings/declare.ts `settingsInputsOf`). */
export const clinicSettingsKindInputs = Object.assign({}, ...clinicSettingsKinds.map(settingsInputsOf)) as Record<
  `/clinicSettings/${SettingsKindName}/${SettingsCall}`,
  z.ZodType
>;

/** The dedicated approval types' submit calls, one schema per type (approval-forms/submit.ts). */
const submitOf = (path: string) => examineFormSubmitSchema(examineForms.find((d) => d.submitPath === path)!);
export const examineFormSubmitInputs = {
  '/OaExamine/setGeneral': submitOf('/OaExamine/setGeneral'),
  '/OaExamine/setLeave': submitOf('/OaExamine/setLeave'),
  '/OaExamine/setCardReplacement': submitOf('/OaExamine/setCardReplacement'),
  '/OaExamine/setTravel': submitOf('/OaExamine/setTravel'),
  '/OaExamine/setReserveFund': submitOf('/OaExamine/setReserveFund'),
  '/OaExamine/setPayment': submitOf('/OaExamine/setPayment'),
  '/OaExamine/setAdministrative': submitOf('/OaExamine/setAdministrative'),
  '/OaExamine/setProblematicCustomers': submitOf('/OaExamine/setProblematicCustomers'),
  '/OaExamine/setAdditionalOrder': submitOf('/OaExamine/setAdditionalOrder'),
  '/OaExamine/setPredict': submitOf('/OaExamine/setPredict'),
  '/OaExamine/setQuit': submitOf('/OaExamine/setQuit'),
  '/OaExamine/setPositive': submitOf('/OaExamine/setPositive'),
  '/OaExamine/setPostAdjust': submitOf('/OaExamine/setPostAdjust'),
  '/OaExamine/setPlanningDemandForm': submitOf('/OaExamine/setPlanningDemandForm'),
} satisfies Record<string, z.ZodType>;

/** The open pages' calls (a link's token plus what each reads) and the admin calls on their links. */
export const openLinkInputs = {
  '/OaSignIn/h5/today': openCallSchema(openNoFields),
  '/OaSignIn/h5/sign': openCallSchema(signH5Schema),
  '/largeScreen/figures': openCallSchema(openNoFields),
  '/open/lottery/wheel/info': openCallSchema(openNoFields),
  '/open/lottery/wheel/draw': openCallSchema(openNoFields),
  '/open/lottery/grid/info': openCallSchema(openNoFields),
  '/open/lottery/grid/draw': openCallSchema(openNoFields),
  '/evaluate/open/info': openCallSchema(openNoFields),
  '/evaluate/open/photo': openCallSchema(reviewPhotoSchema),
  '/evaluate/open/submit': openCallSchema(reviewSubmitSchema),
  '/open/reimbursement/detail': openCallSchema(openNoFields),
  ...openLinkAdminInputs('/bi/screenLink', { maxDays: screenLinkMaxDays, extra: screenLinkExtra }),
  ...openLinkAdminInputs('/project/lottery/wheelLink', { maxDays: lotteryLinkMaxDays, extra: lotteryLinkExtra }),
  ...openLinkAdminInputs('/project/lottery/gridLink', { maxDays: lotteryLinkMaxDays, extra: lotteryLinkExtra }),
  ...openLinkAdminInputs('/OaExamine/reimbursementLink', {
    maxDays: reimbursementLinkMaxDays,
    extra: reimbursementLinkSchema,
    scoped: true,
  }),
} satisfies Record<string, z.ZodType>;
