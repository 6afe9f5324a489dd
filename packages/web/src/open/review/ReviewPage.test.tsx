import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import ReviewPage from './ReviewPage';

// 顾客评价's open page (issue 25, h-coupons).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const TOKEN = 'a'.repeat(32);
const info = {
  clinicName: '美丽诊所',
  storeName: '客服部',
  projectName: '水光针',
  treatmentTime: '2026-11-26 10:00:00',
  staff: ['何雪', '李明'],
};

describe('the review page', { timeout: 60_000 }, () => {
  it('shows the treatment, asks for every score, submits once and shows the coupon earned', async () => {
    window.history.replaceState(null, '', `/evaluateH5?token=${TOKEN}`);
    const calls = fakeFetch({
      '/evaluate/open/info': info,
      '/evaluate/open/submit': {
        reviewId: 1,
        coupons: [{ name: '好评礼券', code: 'ABCDEFGH23', value: 5000, threshold: 30000, validTo: '2027-01-24' }],
      },
    });
    renderWithApp(<ReviewPage />, { permissions: [] });
    expect(await screen.findByText('美丽诊所')).toBeTruthy();
    expect(screen.getByText(/何雪、李明/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /提交评价/ }));
    expect(await screen.findByText('请为效果、服务和环境打分')).toBeTruthy();
    expect(calls.some((c) => c.path === '/evaluate/open/submit')).toBe(false);
    for (const rate of document.querySelectorAll('.ant-rate')) {
      const stars = rate.querySelectorAll('.ant-rate-star-second');
      fireEvent.click(stars[3]!);
    }
    fireEvent.click(screen.getByRole('button', { name: /提交评价/ }));
    expect(await screen.findByTestId('earned-coupon')).toBeTruthy();
    expect(screen.getByTestId('earned-coupon').textContent).toContain('券码 ABCDEFGH23');
    const sent = calls.find((c) => c.path === '/evaluate/open/submit')?.body;
    expect(sent).toEqual({ token: TOKEN, effect: 4, service: 4, environment: 4, content: '', fileIds: [] });
  });

  it('shows the server’s refusal of the link', async () => {
    window.history.replaceState(null, '', `/evaluateH5?token=${TOKEN}`);
    fakeFetch({
      '/evaluate/open/info': refuse(403, '链接已使用过，不能再次使用'),
    });
    renderWithApp(<ReviewPage />, { permissions: [] });
    await waitFor(() => expect(screen.getByText('链接已使用过，不能再次使用')).toBeTruthy());
  });
});
