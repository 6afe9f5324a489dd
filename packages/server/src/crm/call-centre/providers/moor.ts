import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CallMsg } from '@crm/shared';
import { badRequest } from '../../../core/errors.ts';
import type { CallProvider, CallResult, Recording } from './types.ts';

/**
 * 容联七陌 (7moor) over its HTTP API (docs/crm-call-centre.md). Every request is signed as their
 * documentation says: `sig` = upper-case MD5 of account id + API secret + a timestamp
 * (yyyyMMddHHmmss, Beijing time) in the query, and `Authorization` = base64 of
 * "account id:timestamp". Not reachable from a machine without internet: its tests run against a
 * local fake server.
 */
export type MoorConfig = { accountId: string; secret: string; baseUrl: string };

/** The dial-out call of their API (an extension rings, then the number). */
export const MOOR_DIALOUT_PATH = '/v20180418/call/dialout';

/** yyyyMMddHHmmss in Beijing time (their servers check the timestamp against their clock). */
export function moorTimestamp(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

export function moorSignature(cfg: MoorConfig, timestamp: string) {
  return {
    sig: createHash('md5').update(`${cfg.accountId}${cfg.secret}${timestamp}`).digest('hex').toUpperCase(),
    authorization: Buffer.from(`${cfg.accountId}:${timestamp}`).toString('base64'),
  };
}

/**
 * The ActionID handed to 七陌 and echoed in its callback: our call id and a keyed tag of it, so a
 * callback that did not come through them (the caller's browser knows the call id) is refused.
 */
export const moorActionId = (secret: string, callId: string) =>
  `${callId}.${createHmac('sha256', secret).update(callId).digest('hex').slice(0, 24)}`;

/** The call id of a genuine ActionID, or null. */
export function callIdOfActionId(secret: string, actionId: string): string | null {
  const dot = actionId.indexOf('.');
  if (dot < 1) return null;
  const callId = actionId.slice(0, dot);
  const want = Buffer.from(moorActionId(secret, callId));
  const got = Buffer.from(actionId);
  return want.length === got.length && timingSafeEqual(want, got) ? callId : null;
}

export function moorProvider(cfg: MoorConfig, opts: { fetch?: typeof fetch; now?: () => Date } = {}): CallProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'moor',
    async dial({ callId, exten, number }) {
      const ts = moorTimestamp((opts.now ?? (() => new Date()))());
      const { sig, authorization } = moorSignature(cfg, ts);
      const url = `${cfg.baseUrl}${MOOR_DIALOUT_PATH}/${encodeURIComponent(cfg.accountId)}?sig=${sig}`;
      let answer: { Succeed?: boolean; Message?: string; CallSheetID?: string } | undefined;
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json;charset=utf-8', accept: 'application/json', authorization },
          body: JSON.stringify({
            FromExten: exten,
            Exten: number,
            ExtenType: 'Local',
            ActionID: moorActionId(cfg.secret, callId),
          }),
          signal: AbortSignal.timeout(10_000),
        });
        answer = res.ok ? ((await res.json()) as typeof answer) : undefined;
      } catch {
        answer = undefined;
      }
      if (!answer?.Succeed) throw badRequest(CallMsg.providerFailed);
      return { providerCallId: answer.CallSheetID ?? null };
    },
  };
}

/** Their time text (yyyy-MM-dd HH:mm:ss, Beijing time) as an instant; blank or malformed is null. */
function beijingTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s!));
}

const RECORDING_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The call result 七陌 pushes when a call ends (their field names): ActionID (ours, tagged),
 * CallSheetID, State (`dealing` = answered), Begin and End (the talk), RecordFile on FileServer.
 * Refused (回调签名无效) unless the ActionID carries our tag.
 */
export function parseMoorCallback(
  secret: string,
  params: Record<string, unknown>,
): { result: Omit<CallResult, 'recording'>; recordingUrl: string | null } {
  const callId = typeof params.ActionID === 'string' ? callIdOfActionId(secret, params.ActionID) : null;
  if (!callId) throw badRequest(CallMsg.callbackRefused);
  const answered = params.State === 'dealing';
  const begin = beijingTime(params.Begin);
  const end = beijingTime(params.End) ?? new Date();
  const server = typeof params.FileServer === 'string' ? params.FileServer.replace(/\/+$/, '') : '';
  const file = typeof params.RecordFile === 'string' ? params.RecordFile.replace(/^\/+/, '') : '';
  const recordingUrl = answered && /^https?:\/\//.test(server) && file ? `${server}/${file}` : null;
  return {
    result: {
      callId,
      answered,
      answerTime: answered ? begin : null,
      endTime: end,
      providerCallId: typeof params.CallSheetID === 'string' ? params.CallSheetID.slice(0, 80) : null,
    },
    recordingUrl,
  };
}

/** Download a recording 七陌 names (bounded in time and size); null when it cannot be had. */
export async function fetchRecording(url: string, doFetch: typeof fetch = fetch): Promise<Recording | null> {
  try {
    const res = await doFetch(url, { signal: AbortSignal.timeout(15_000), redirect: 'error' });
    if (!res.ok) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > RECORDING_MAX_BYTES) return null;
    const mime = url.toLowerCase().endsWith('.wav') ? 'audio/wav' : 'audio/mpeg';
    return { bytes, mime, name: `录音.${mime === 'audio/wav' ? 'wav' : 'mp3'}` };
  } catch {
    return null;
  }
}
