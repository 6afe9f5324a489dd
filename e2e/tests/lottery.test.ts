import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Lottery (issue 25, h-lottery): an administrator makes a wheel activity whose every weight is on
// one gift, hands 林婉清 a draw link; opened without signing in, the wheel spins onto that gift, and
// the front desk finds it 待领取 in the draw records.

const e2e = useE2E();

/** A wall-clock time `hours` from now (read in the company's zone: a day's margin covers any offset). */
const at = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('the wheel', () => {
  it('a draw through its link lands the prize and the front desk sees it waiting', async () => {
    const { page, server } = e2e;
    const admin = await apiAs(server.url, 'admin');
    const { activityId } = await admin('/project/lottery/save', {
      name: '端到端大转盘',
      style: 1,
      startTime: at(-24),
      endTime: at(24),
      drawsTotal: 2,
      drawsPerDay: 1,
      prizes: [
        { name: '补水面膜', kind: 2, gift: '补水面膜一盒', stock: 5, weight: 10 },
        { name: '谢谢参与', kind: 0, stock: null, weight: 0 },
      ],
    });
    const customers = await admin('/CrmCustomer/queryPageList', { search: '林婉清', page: 1, limit: 5 });
    const customerId = customers.list[0].customerId;
    const link = await admin('/project/lottery/wheelLink/create', { activityId, customerId, days: 1 });

    await page.goto(link.path);
    await page.getByText('剩余抽奖次数：1').waitFor({ state: 'visible' });
    await page.getByTestId('lottery-draw').click();
    await page.getByText('恭喜您抽中：补水面膜').waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByText('剩余抽奖次数：0').waitFor({ state: 'visible' });
    await screenshot(page, 'lottery-wheel');

    const front = await apiAs(server.url, 'zhangyu');
    const waiting = await front('/project/lottery/draws', { activityId, giftStatus: 1 });
    expect(waiting.list.map((d: { prizeName: string }) => d.prizeName)).toEqual(['补水面膜']);
  });
});
