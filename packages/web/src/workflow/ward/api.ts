import type { AdmitInput, BedSaveInput, PayMethod } from '@crm/shared';
import { call } from '@/shell/call';

/** The inpatient station's calls (docs/clinic-ward.md). */
const json = { json: true } as const;

export const wardKeys = {
  all: ['ward'] as const,
  board: (storeId: number) => ['ward', 'board', storeId] as const,
  candidates: (storeId: number) => ['ward', 'candidates', storeId] as const,
  // The bed log (issue 23, h-visit23).
  bedHistory: (bedId: number) => ['ward', 'bedHistory', bedId] as const,
  admissionHistory: (admissionId: number) => ['ward', 'admissionHistory', admissionId] as const,
};

/** A deposit as typed: yuan text per method (the server reads yuan, answers fen). */
type AdmitBody = Omit<AdmitInput, 'deposit' | 'remark'> & {
  remark?: string;
  deposit: { method: PayMethod; amount: string }[];
};

export const wardApi = {
  board: (storeId: number) => call('/clinic/ward/board', { storeId }, json),
  candidates: (storeId: number) => call('/clinic/ward/candidates', { storeId }, json),
  admit: (body: AdmitBody) => call('/clinic/ward/admit', body, json),
  move: (admissionId: number, bedId: number) => call('/clinic/ward/move', { admissionId, bedId }, json),
  discharge: (admissionId: number, remark = '') => call('/clinic/ward/discharge', { admissionId, remark }, json),
  reserve: (bedId: number, remark = '') => call('/clinic/ward/reserve', { bedId, remark }, json),
  release: (bedId: number) => call('/clinic/ward/release', { bedId }, json),
  saveBed: (body: Omit<BedSaveInput, 'remark'> & { remark?: string }) => call('/clinic/ward/saveBed', body, json),
  setBedEnabled: (bedId: number, enabled: boolean) => call('/clinic/ward/setBedEnabled', { bedId, enabled }, json),
  // The bed log (issue 23, h-visit23).
  bedHistory: (bedId: number) => call('/clinic/ward/bedHistory', { bedId }, json),
  admissionHistory: (admissionId: number) => call('/clinic/ward/admissionHistory', { admissionId }, json),
};
