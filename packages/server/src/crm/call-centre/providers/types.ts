import type { CallProviderName } from '@crm/shared';

/** What a provider is asked to do: ring `exten`, then connect it to `number`. */
export type DialRequest = { callId: string; exten: string; number: string };

/** A recording as the completion path stores it. */
export type Recording = { bytes: Buffer; mime: string; name: string };

/** The end of a call as a provider reports it: its callback, or the simulated exchange's timer. */
export type CallResult = {
  callId: string;
  answered: boolean;
  answerTime: Date | null;
  endTime: Date;
  providerCallId?: string | null;
  recording: Recording | null;
};

/**
 * The one path every provider reports through (calls.ts): the same for the simulated exchange's
 * timers and a real provider's HTTP callback, so the demo and the tests exercise what 七陌 does.
 */
export type CallEvents = {
  answered(callId: string, at: Date): Promise<void>;
  ended(result: CallResult): Promise<void>;
};

/** A telephony service. `dial` answers once the service accepted the call; the rest comes as events. */
export type CallProvider = {
  readonly name: CallProviderName;
  dial(req: DialRequest): Promise<{ providerCallId: string | null }>;
};
