import type { Dayjs } from 'dayjs';
import type { VisitFilters } from './api';

/** The list's filter form as the user left it. */
export type FilterValues = {
  range?: [Dayjs | null, Dayjs | null] | null;
  storeId?: number | null;
  shopId?: number | null;
  consultantId?: number | null;
  doctorId?: number | null;
  visitType?: number | null;
  status?: number | null;
  dealStatus?: number | null;
  search?: string | null;
};

const present = (v: number | null | undefined): v is number => typeof v === 'number';

/**
 * The request's filters from the form: days as `YYYY-MM-DD` (the server reads them in the
 * company's zone), empty choices and blank search left out so the server sees only what was set.
 */
export function filtersOf(v: FilterValues): VisitFilters {
  const out: VisitFilters = {};
  const [from, to] = v.range ?? [];
  if (from) out.from = from.format('YYYY-MM-DD');
  if (to) out.to = to.format('YYYY-MM-DD');
  for (const k of ['storeId', 'shopId', 'consultantId', 'doctorId', 'visitType', 'status', 'dealStatus'] as const)
    if (present(v[k])) out[k] = v[k];
  const search = v.search?.trim();
  if (search) out.search = search;
  return out;
}

/** The address of one visit's story. */
export const storyPath = (visitId: number) => `/entryDetails?visitId=${visitId}`;
/** The address of a customer's archive. */
export const archivePath = (customerId: number) => `/customer?customerId=${customerId}`;

/** A positive integer from an address parameter, else null (a page then shows "not found"). */
export function idParam(text: string | null): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** A visit's deal status as a tag colour: 未定, 成交, 未成交. */
export const dealColor: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange' };
