import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import GridPage from './GridPage';
import { GRID_RING, gridDelay, gridPath, gridPrizeAt, wheelStop } from './motion';
import WheelPage from './WheelPage';

configure({ asyncUtilTimeout: 8000 });
const token = 'T'.repeat(32);
beforeEach(() => window.history.replaceState(null, '', `/largeTurntablePage?token=${token}`));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('where the animations stop', () => {
  it('turns the wheel onward so the drawn sector’s centre is under the pointer', () => {
    // 4 sectors of 90°: sector 1 spans 90–180° clockwise; its centre (135°) must come to 0°.
    const a = wheelStop(0, 1, 4, 6);
    expect(a).toBe(6 * 360 + 225);
    expect((a + 135) % 360).toBe(0);
    // From any current angle the wheel only moves forward, at least the given turns.
    for (const current of [10, 725, 3000]) {
      for (let i = 0; i < 8; i++) {
        const stop = wheelStop(current, i, 8);
        expect(stop - current).toBeGreaterThanOrEqual(5 * 360);
        expect((((stop + (i + 0.5) * 45) % 360) + 360) % 360).toBeCloseTo(0);
      }
    }
  });

  it('runs the grid’s lights round the ring and stops on a place showing the prize', () => {
    expect(GRID_RING).toEqual([0, 1, 2, 5, 8, 7, 6, 3]);
    // 3 prizes repeat round 8 places: place 4 shows prize 1.
    expect(gridPrizeAt(4, 3)).toBe(1);
    const path = gridPath(2, 2, 8, 3);
    expect(path.at(-1)).toBe(2);
    expect(path.length).toBe(3 * 8);
    expect(gridPrizeAt(gridPath(5, 0, 3).at(-1)!, 3)).toBe(0);
    // Slower at the end than at the start.
    expect(gridDelay(path.length, path.length)).toBeGreaterThan(gridDelay(1, path.length));
  });
});

const info = (remaining: number) => ({
  name: '周年庆',
  style: 1,
  remark: '',
  startTime: '2026-11-01 00:00:00',
  endTime: '2026-12-31 00:00:00',
  drawsTotal: 3,
  drawsPerDay: 1,
  customerName: '陈**',
  remaining,
  prizes: [
    { index: 0, name: '50元券', kind: 1 },
    { index: 1, name: '谢谢参与', kind: 0 },
  ],
  mine: [],
});

describe('the wheel page', { timeout: 60_000 }, () => {
  it('draws on the server with the link’s token and shows the prize once the wheel stopped', async () => {
    let left = 1;
    const calls = fakeFetch({
      '/open/lottery/wheel/info': () => info(left),
      '/open/lottery/wheel/draw': () => {
        left = 0;
        return { drawId: 9, index: 0, prizeName: '50元券', kind: 1, detail: '券码 ABCDEFGH23', remaining: 0 };
      },
    });
    renderWithApp(<WheelPage />);
    expect(await screen.findByText('剩余抽奖次数：1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lottery-draw'));
    expect(await screen.findByText('恭喜您抽中：50元券', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('券码 ABCDEFGH23')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/open/lottery/wheel/draw').map((c) => c.body)).toEqual([{ token }]);
    const angle = Number(document.querySelector('svg')!.getAttribute('data-angle'));
    expect((angle + 90) % 360).toBe(0);
    await waitFor(() => expect(screen.getByText('剩余抽奖次数：0')).toBeTruthy());
    expect((screen.getByTestId('lottery-draw') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal of the link', async () => {
    fakeFetch({ '/open/lottery/wheel/info': refuse(403, '链接已被撤销，请向工作人员索取新的链接') });
    renderWithApp(<WheelPage />);
    expect(await screen.findByText('链接已被撤销，请向工作人员索取新的链接')).toBeTruthy();
  });
});

describe('the nine-grid page', { timeout: 60_000 }, () => {
  it('stops the lights on the drawn prize', async () => {
    window.history.replaceState(null, '', `/LargeLuckyGridPage?token=${token}`);
    fakeFetch({
      '/open/lottery/grid/info': () => ({ ...info(1), style: 2 }),
      '/open/lottery/grid/draw': { drawId: 3, index: 1, prizeName: '谢谢参与', kind: 0, detail: '', remaining: 0 },
    });
    renderWithApp(<GridPage />);
    expect(await screen.findByText('剩余抽奖次数：1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lottery-draw'));
    expect(await screen.findByText('谢谢参与，下次好运！', {}, { timeout: 8000 })).toBeTruthy();
    const lit = document.querySelector('.lottery-cell.lit') as HTMLElement;
    expect(gridPrizeAt(Number(lit.dataset.place), 2)).toBe(1);
  });
});
