import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The consultation room's calls (docs/clinic-visits.md "Consultation room"). */
const json = { json: true } as const;

export const witnessKeys = {
  all: ['visits', 'witness'] as const,
  queue: (storeId: number) => ['visits', 'witness', 'queue', storeId] as const,
  card: (visitId: number) => ['visits', 'witness', 'card', visitId] as const,
};

export const witnessApi = {
  queue: (storeId: number) => call('/clinic/witness/queue', { storeId }, json),
  accept: (visitId: number) => call('/clinic/witness/accept', { visitId }, json),
  refuse: (visitId: number, reason: string) => call('/clinic/witness/refuse', { visitId, reason }, json),
  consult: (body: Input<'/clinic/witness/consult'>) => call('/clinic/witness/consult', body, json),
  doctorNote: (body: Input<'/clinic/witness/doctorNote'>) => call('/clinic/witness/doctorNote', body, json),
  card: (visitId: number) => call('/clinic/witness/card', { visitId }, json),
};

/** 开单 in this visit: the order page saves the order with the visit (docs/clinic-money.md). */
export const openOrderPath = (customerId: number, visitId: number) =>
  `/openOrders?customerId=${customerId}&visitId=${visitId}`;
