import { describe, expect, it } from 'vitest';
import { projectRoute } from './route-plot';

describe('the route without map tiles', () => {
  it('keeps north up and east right, inside the padded box', () => {
    const placed = projectRoute(
      [
        { id: 1, at: [30.6, 104.0], label: 'a' },
        { id: 2, at: [30.7, 104.1], label: 'b' },
      ],
      640,
      440,
      32,
    );
    const [a, b] = placed;
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(b!.y).toBeLessThan(a!.y);
    for (const p of placed) {
      expect(p.x).toBeGreaterThanOrEqual(32);
      expect(p.x).toBeLessThanOrEqual(608);
      expect(p.y).toBeGreaterThanOrEqual(32);
      expect(p.y).toBeLessThanOrEqual(408);
    }
  });

  it('puts one point, or points at one spot, in the middle', () => {
    const one = projectRoute([{ id: 1, at: [30.6, 104.0], label: 'a' }], 640, 440, 32);
    expect(one[0]).toMatchObject({ x: 320, y: 220 });
    expect(projectRoute([], 640, 440, 32)).toEqual([]);
  });

  it('keeps proportions: a route as long east–west as north–south is square on the page', () => {
    const lat = 30;
    const dLng = 0.1 / Math.cos((lat * Math.PI) / 180);
    const [a, b] = projectRoute(
      [
        { id: 1, at: [lat - 0.05, 104], label: 'a' },
        { id: 2, at: [lat + 0.05, 104 + dLng], label: 'b' },
      ],
      640,
      440,
      32,
    );
    expect(Math.abs(b!.x - a!.x)).toBeCloseTo(Math.abs(b!.y - a!.y), 0);
  });
});
