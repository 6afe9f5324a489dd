import { describe, expect, it } from 'vitest';
import { rfmSegmentOf, rfmSegments } from './rfm.ts';

describe('rfmSegmentOf', () => {
  it('scores each measure against its threshold, the limits counting as high', () => {
    expect(rfmSegmentOf(30, 2, 500_000).name).toBe('重要价值客户');
    expect(rfmSegmentOf(31, 2, 500_000).name).toBe('重要保持客户');
    expect(rfmSegmentOf(30, 1, 500_000).name).toBe('重要发展客户');
    expect(rfmSegmentOf(31, 1, 500_000).name).toBe('重要挽留客户');
    expect(rfmSegmentOf(0, 5, 499_999).name).toBe('一般价值客户');
    expect(rfmSegmentOf(0, 0, 0).name).toBe('一般发展客户');
    expect(rfmSegmentOf(90, 3, 100).name).toBe('一般保持客户');
    expect(rfmSegmentOf(365, 1, 100).name).toBe('一般挽留客户');
  });

  it('has one segment for each of the eight score combinations', () => {
    const combos = new Set(rfmSegments.map((s) => `${s.r}${s.f}${s.m}`));
    expect(combos.size).toBe(8);
    expect(new Set(rfmSegments.map((s) => s.name)).size).toBe(8);
  });
});
