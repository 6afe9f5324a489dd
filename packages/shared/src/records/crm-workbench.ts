import { z } from 'zod';

/**
 * /crm/workbench (issue 25, h-crmwb): the CRM home's "my figures this month", of the caller's
 * own records only (owner or author is the caller). A figure is null where the caller may not see
 * it: the kind's list permission is missing or its money field is hidden from them. Money in fen.
 */
export const crmFiguresResponse = z.object({
  /** The company month counted, `yyyy-MM`. */
  month: z.string(),
  /** Customers I own created this month. */
  newCustomers: z.number().int().nullable(),
  /** Follow-ups I wrote this month (on any record). */
  followUps: z.number().int(),
  /** Approved contracts I own signed (order date) this month, and my contract target for the month. */
  contractMoney: z.number().int().nullable(),
  contractTarget: z.number().int().nullable(),
  /** Approved receivables I own received this month, and my receivables target for the month. */
  receivablesMoney: z.number().int().nullable(),
  receivablesTarget: z.number().int().nullable(),
});
export type CrmFigures = z.infer<typeof crmFiguresResponse>;

export const crmWorkbenchContracts = { '/crm/workbench/figures': crmFiguresResponse } as const;
