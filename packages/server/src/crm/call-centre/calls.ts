import { randomBytes } from 'node:crypto';
import {
  CALL_FOLLOW_CATEGORY,
  type CallInput,
  CallMsg,
  type CallState,
  callFieldsOf,
  type callVerifyResponse,
} from '@crm/shared';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Ctx } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { newStorageKey } from '../../files/upload.ts';
import { loadRecord } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { notifyRecordBadges } from '../records/badges.ts';
import { FOLLOW_UP_FILES } from '../records/follow-ups.ts';
import { followUps } from '../records/tables.ts';
import { myExten } from './extens.ts';
import { callServerKinds } from './kinds.ts';
import { moorProvider } from './providers/moor.ts';
import { simulatedProvider } from './providers/simulated.ts';
import type { CallEvents, CallProvider, CallResult } from './providers/types.ts';
import { providerConfigured, readCallSettings } from './settings.ts';
import { callLogs } from './tables.ts';

/** A live call older than this was lost (a restart during a simulated call, a callback that never came). */
const STALE_LIVE = sql`interval '2 hours'`;

/** The call centre of one server: its completion path and the simulated exchange's pending timers. */
export type CallCentre = {
  events: CallEvents;
  /** The provider the settings choose now (a test may replace it). */
  provider(db: Tx): Promise<CallProvider>;
  close(): void;
};

export function createCallCentre(ctx: Ctx): CallCentre {
  const timers = new Set<NodeJS.Timeout>();
  const events: CallEvents = {
    answered: (callId, at) => markAnswered(ctx.db, callId, at),
    ended: (result) => finishCall(ctx, result),
  };
  return {
    events,
    async provider(db) {
      const s = await readCallSettings(db);
      if (s.provider === 'moor')
        return moorProvider({ accountId: s.moorAccountId, secret: s.moorSecret, baseUrl: s.moorBaseUrl });
      return simulatedProvider(events, { ringMs: s.ringMs, talkMs: s.talkMs }, timers);
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/** `callVerify`: may this user dial now? Each reason in words they can act on. */
export async function verifyCall(db: Tx, user: SessionUser): Promise<z.input<typeof callVerifyResponse>> {
  const s = await readCallSettings(db);
  const exten = await myExten(db, user.userId);
  const reason = !providerConfigured(s) ? CallMsg.notConfigured : !exten ? CallMsg.noExten : '';
  return { canCall: reason === '', reason, exten, provider: s.provider };
}

/**
 * The number to dial, read by the server from the record: the caller must be able to read the
 * record; a number hidden from them by field permissions is still dialled (it never leaves the
 * server: the answer carries only the call's state).
 */
async function numberToDial(db: Tx, user: SessionUser, input: CallInput): Promise<{ label: number; number: string }> {
  const { sk } = callServerKinds[input.kind];
  if (!callFieldsOf[input.kind].includes(input.field)) throw badRequest(CallMsg.fieldInvalid);
  requirePermission(user, `${sk.kind.permission}:read`);
  const { row } = await loadRecord(db, sk, user, input.id, 'read');
  const column = sk.columns[input.field]?.column ?? input.field;
  const raw = row[column];
  const number = typeof raw === 'string' ? raw.replace(/[\s-]/g, '') : '';
  if (!/^\+?\d{3,20}$/.test(number)) throw badRequest(CallMsg.noNumber);
  return { label: sk.kind.label, number };
}

/** `moor/call`: log the call as ringing and ask the provider to dial; one live call per caller. */
export async function startCall(db: Tx, centre: CallCentre, user: SessionUser, input: CallInput): Promise<CallState> {
  const { label, number } = await numberToDial(db, user, input);
  const verdict = await verifyCall(db, user);
  if (!verdict.canCall) throw badRequest(verdict.reason);
  const provider = await centre.provider(db);
  const callId = randomBytes(16).toString('hex');
  await db
    .update(callLogs)
    .set({ status: 'ended', endTime: sql`now()` })
    .where(
      and(
        eq(callLogs.userId, user.userId),
        ne(callLogs.status, 'ended'),
        lt(callLogs.startTime, sql`now() - ${STALE_LIVE}`),
      ),
    );
  // The partial unique index (one live call per caller) settles two clicks at once: the second is 忙.
  const inserted = await db
    .insert(callLogs)
    .values({
      callId,
      provider: provider.name,
      userId: user.userId,
      exten: verdict.exten!,
      label,
      recordId: input.id,
      field: input.field,
      number,
    })
    .onConflictDoNothing()
    .returning({ id: callLogs.id });
  if (inserted.length === 0) throw badRequest(CallMsg.busy);
  try {
    const { providerCallId } = await provider.dial({ callId, exten: verdict.exten!, number });
    if (providerCallId) await db.update(callLogs).set({ providerCallId }).where(eq(callLogs.callId, callId));
  } catch (err) {
    // The provider refused: the call never rang, so it ends here without a follow-up.
    await db.update(callLogs).set({ status: 'ended', endTime: sql`now()` }).where(eq(callLogs.callId, callId));
    throw err;
  }
  return { callId, status: 'ringing', answered: false, duration: 0, followId: null };
}

/** `moor/callState`: the caller's own call only (the page that dialled polls it). */
export async function callState(db: Tx, user: SessionUser, callId: string): Promise<CallState> {
  const [c] = await db
    .select()
    .from(callLogs)
    .where(and(eq(callLogs.callId, callId), eq(callLogs.userId, user.userId)));
  if (!c) throw notFound(CallMsg.callNotFound);
  return {
    callId: c.callId,
    status: c.status as CallState['status'],
    answered: c.answered,
    duration: c.duration,
    followId: c.followId,
  };
}

async function markAnswered(db: Tx, callId: string, at: Date): Promise<void> {
  await db
    .update(callLogs)
    .set({ status: 'talking', answered: true, answerTime: at })
    .where(and(eq(callLogs.callId, callId), eq(callLogs.status, 'ringing')));
}

const durationText = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒` : `${seconds}秒`;

/** The follow-up's words: the direction, the field, and the talk (or that nobody answered). */
export function followUpContent(field: string | null, answered: boolean, seconds: number): string {
  const what = field === 'telephone' ? '电话' : '手机';
  return answered ? `呼出${what}，通话 ${durationText(seconds)}（附录音）` : `呼出${what}，未接通`;
}

/**
 * The completion path every provider ends a call through (its callback or the simulated timer):
 * once per call (a repeated callback changes nothing), in one transaction: the log row ended, the
 * follow-up on the record with the duration, the recording attached to that follow-up. The
 * recording's bytes are stored first; if the transaction fails they are removed again.
 */
export async function finishCall(ctx: Ctx, result: CallResult): Promise<void> {
  const key = result.recording ? newStorageKey() : null;
  if (key && result.recording) await ctx.storage.put(key, result.recording.bytes);
  let stored = false;
  try {
    stored = await ctx.db.transaction(async (tx) => {
      const [c] = await tx.select().from(callLogs).where(eq(callLogs.callId, result.callId)).for('update');
      if (!c || c.status === 'ended') return false;
      const answerTime = result.answered ? (result.answerTime ?? c.answerTime ?? result.endTime) : null;
      const duration = answerTime
        ? Math.max(0, Math.round((result.endTime.getTime() - answerTime.getTime()) / 1000))
        : 0;
      const sk = c.label === null ? undefined : ctx.registry.kinds.of(c.label);
      // The record may be gone since (deleted): the call is still logged, with nothing to follow up.
      const alive =
        sk && c.recordId !== null
          ? (
              await queryRows<{ one: number }>(
                tx,
                sql`select 1 as one from ${sql.identifier(sk.table)} where ${sql.identifier(sk.idColumn)} = ${c.recordId} for update`,
              )
            ).length > 0
          : false;
      let followId: number | null = null;
      if (sk && alive && c.recordId !== null) {
        const batchId = `call${c.callId}`;
        const [f] = await tx
          .insert(followUps)
          .values({
            label: sk.kind.label,
            recordId: c.recordId,
            category: CALL_FOLLOW_CATEGORY,
            content: followUpContent(c.field, result.answered, duration),
            batchId,
            createUserId: c.userId,
          })
          .returning({ id: followUps.id });
        followId = f!.id;
        await logAction(tx, sk, [
          { recordId: c.recordId, userId: c.userId, action: 'followUp', detail: CALL_FOLLOW_CATEGORY },
        ]);
        await notifyRecordBadges(tx, sk, [c.recordId]);
      }
      let recordingFileId: number | null = null;
      if (key && result.recording) {
        const [file] = await tx
          .insert(files)
          .values({
            // The follow-up's batch: its attachment list (FileUploadList) shows the recording.
            batchId: `call${c.callId}`,
            name: result.recording.name,
            size: result.recording.bytes.length,
            mime: result.recording.mime,
            type: 'file',
            storageKey: key,
            createUserId: c.userId,
            // Seen by whoever may read the record (the follow-up's owner rule); with no follow-up, by nobody but queryAudio's check.
            ownerKind: followId ? FOLLOW_UP_FILES : CALL_RECORDING_FILES,
            ownerId: followId ?? c.id,
          })
          .returning({ id: files.id });
        recordingFileId = file!.id;
      }
      await tx
        .update(callLogs)
        .set({
          status: 'ended',
          answered: result.answered,
          answerTime,
          endTime: result.endTime,
          duration,
          followId,
          recordingFileId,
          providerCallId: result.providerCallId ?? c.providerCallId,
        })
        .where(eq(callLogs.id, c.id));
      return recordingFileId !== null;
    });
  } finally {
    if (key && !stored) await ctx.storage.remove(key).catch(() => {});
  }
}

/** The owner kind of a recording whose record was gone when the call ended (its id is the log row's). */
export const CALL_RECORDING_FILES = 'crm_call_log';
