import type { CallField, CallKind } from '@crm/shared';
import { call } from '@/shell/call';

/** The call centre's calls (docs/crm-call-centre.md). The number is never sent: the server reads it from the record. */
export const callApi = {
  verify: () => call('/moor/callVerify'),
  dial: (kind: CallKind, id: number, field: CallField) => call('/moor/call', { kind, id, field }),
  state: (callId: string) => call('/moor/callState', { callId }, { silent: true }),
  log: (body: Record<string, unknown>) => call('/moor/queryCallLog', body),
  extens: () => call('/moor/queryExtens'),
  setMine: (exten: string) => call('/moor/setMyExten', { exten }),
  addExten: (exten: string) => call('/moor/addExten', { exten }),
  removeExten: (exten: string) => call('/moor/removeExten', { exten }),
  assignExten: (exten: string, userId: number | undefined) => call('/moor/assignExten', { exten, userId }),
  settings: () => call('/moor/settings'),
  saveSettings: (body: Record<string, unknown>) => call('/moor/saveSettings', body),
};

/** The recording's address; the <audio> element loads it with the session cookie. */
export const audioUrl = (callId: string) => `/moor/queryAudio?callId=${encodeURIComponent(callId)}`;

export const callKeys = {
  all: ['callCentre'] as const,
  log: (body: Record<string, unknown>) => ['callCentre', 'log', body] as const,
  extens: ['callCentre', 'extens'] as const,
  settings: ['callCentre', 'settings'] as const,
};
