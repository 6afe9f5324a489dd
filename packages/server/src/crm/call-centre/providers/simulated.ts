import { generatedWav } from '../wav.ts';
import type { CallEvents, CallProvider } from './types.ts';

/** A number ending in these digits never answers in the simulated exchange (the demo's and tests' missed call). */
export const SIMULATED_NO_ANSWER_SUFFIX = '0000';

export type SimulatedTimings = { ringMs: number; talkMs: number };

/**
 * The built-in exchange (the default provider, used by the demo and the tests): it rings for
 * `ringMs`, answers, talks for `talkMs` and hangs up with a generated WAV recording, reporting
 * each step through the same events a real provider's callback drives. A number ending in 0000
 * rings out unanswered. `timers` holds what is pending so the app can cancel it on close.
 */
export function simulatedProvider(
  events: CallEvents,
  timings: SimulatedTimings,
  timers: Set<NodeJS.Timeout>,
): CallProvider {
  const later = (ms: number, fn: () => Promise<void>) => {
    const t = setTimeout(() => {
      timers.delete(t);
      // A failure here has no request to answer; the call stays as it was and the log shows it.
      fn().catch((err) => console.error('simulated call', err));
    }, ms);
    timers.add(t);
  };
  return {
    name: 'simulated',
    async dial({ callId, number }) {
      if (number.endsWith(SIMULATED_NO_ANSWER_SUFFIX)) {
        later(timings.ringMs, () =>
          events.ended({ callId, answered: false, answerTime: null, endTime: new Date(), recording: null }),
        );
        return { providerCallId: null };
      }
      later(timings.ringMs, async () => {
        const answerTime = new Date();
        await events.answered(callId, answerTime);
        later(timings.talkMs, () =>
          events.ended({
            callId,
            answered: true,
            answerTime,
            endTime: new Date(),
            recording: {
              bytes: generatedWav(Math.max(1, timings.talkMs / 1000)),
              mime: 'audio/wav',
              name: `录音-${callId.slice(0, 8)}.wav`,
            },
          }),
        );
      });
      return { providerCallId: null };
    },
  };
}
