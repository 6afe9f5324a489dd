import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatedProvider } from './simulated.ts';
import type { CallEvents, CallResult } from './types.ts';

/** The simulated exchange's timings on fake timers: ring, answer, talk, hang up with a recording. */
describe('the simulated exchange', () => {
  let answered: [string, Date][];
  let ended: CallResult[];
  let timers: Set<NodeJS.Timeout>;
  const events: CallEvents = {
    answered: async (id, at) => {
      answered.push([id, at]);
    },
    ended: async (r) => {
      ended.push(r);
    },
  };
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T02:00:00Z') });
    answered = [];
    ended = [];
    timers = new Set();
  });
  afterEach(() => vi.useRealTimers());

  it('rings for ringMs, answers, talks for talkMs and ends with a WAV recording', async () => {
    const p = simulatedProvider(events, { ringMs: 2000, talkMs: 5000 }, timers);
    expect(await p.dial({ callId: 'c1', exten: '8001', number: '13912340001' })).toEqual({ providerCallId: null });
    await vi.advanceTimersByTimeAsync(1999);
    expect(answered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toEqual([['c1', new Date('2026-11-26T02:00:02Z')]]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(ended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toHaveLength(1);
    const [r] = ended;
    expect(r).toMatchObject({ callId: 'c1', answered: true, answerTime: new Date('2026-11-26T02:00:02Z') });
    expect(r!.endTime).toEqual(new Date('2026-11-26T02:00:07Z'));
    expect(r!.recording!.mime).toBe('audio/wav');
    // 5 s of 8 kHz 16-bit mono after the 44-byte header.
    expect(r!.recording!.bytes.length).toBe(44 + 5 * 8000 * 2);
    expect(r!.recording!.bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(timers.size).toBe(0);
  });

  it('rings out unanswered for a number ending in 0000, without a recording', async () => {
    const p = simulatedProvider(events, { ringMs: 3000, talkMs: 5000 }, timers);
    await p.dial({ callId: 'c2', exten: '8001', number: '13912340000' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(answered).toEqual([]);
    expect(ended).toEqual([
      { callId: 'c2', answered: false, answerTime: null, endTime: new Date('2026-11-26T02:00:03Z'), recording: null },
    ]);
  });

  it('keeps its pending timers where the app can cancel them on close', async () => {
    const p = simulatedProvider(events, { ringMs: 1000, talkMs: 1000 }, timers);
    await p.dial({ callId: 'c3', exten: '8001', number: '13912340001' });
    expect(timers.size).toBe(1);
    for (const t of timers) clearTimeout(t);
    await vi.advanceTimersByTimeAsync(5000);
    expect(answered).toEqual([]);
    expect(ended).toEqual([]);
  });
});
