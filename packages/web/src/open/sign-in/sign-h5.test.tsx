import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import SignH5Page from './SignH5Page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const token = 'S'.repeat(32);
const today = {
  realname: '张雨',
  deptName: '客服部',
  day: '2026-11-26',
  workday: true,
  rule: {
    deptId: 5,
    deptName: '客服部',
    workStart: '09:00',
    workEnd: '18:00',
    lateMinutes: 5,
    earlyMinutes: 0,
    places: [{ name: '门店', lat: 30.66, lng: 104.07, radius: 300 }],
    fieldAllowed: true,
    workdays: [1, 2, 3, 4, 5],
    updateTime: '2026-11-20 09:00:00',
  },
  records: [],
};
/** A phone whose location is `coords`, or one that refuses it. */
const geolocation = (coords: { latitude: number; longitude: number } | null) =>
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: (p: unknown) => void, fail: (e: unknown) => void) =>
        coords ? ok({ coords }) : fail({ code: 1 }),
    },
  });

describe('/signH5', { timeout: 60_000 }, () => {
  it('signs with the phone’s position and the note, and shows the server’s refusal inline', async () => {
    window.history.pushState({}, '', `/signH5?token=${token}`);
    geolocation({ latitude: 30.7, longitude: 104.1 });
    const calls = fakeFetch({
      '/OaSignIn/h5/today': today,
      '/OaSignIn/h5/sign': refuse(400, '不在签到范围内，外勤签到请填写说明'),
    });
    renderWithApp(<SignH5Page />);
    expect((await screen.findByTestId('sign-h5-name')).textContent).toBe('张雨');
    expect(screen.getByText('上班 09:00，下班 18:00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('说明（外勤签到必填）'), { target: { value: '拜访客户' } });
    fireEvent.click(screen.getByTestId('sign-h5-in'));
    expect((await screen.findByTestId('sign-h5-error')).textContent).toContain('外勤签到请填写说明');
    expect(calls.find((c) => c.path === '/OaSignIn/h5/sign')?.body).toMatchObject({
      token,
      kind: 1,
      lat: 30.7,
      lng: 104.1,
      note: '拜访客户',
    });
  });

  it('says so when the browser gives no position, without calling the server', async () => {
    window.history.pushState({}, '', `/signH5?token=${token}`);
    geolocation(null);
    const calls = fakeFetch({ '/OaSignIn/h5/today': today });
    renderWithApp(<SignH5Page />);
    fireEvent.click(await screen.findByTestId('sign-h5-out'));
    expect((await screen.findByTestId('sign-h5-error')).textContent).toBe('无法获取位置，请允许浏览器使用定位后重试');
    expect(calls.some((c) => c.path === '/OaSignIn/h5/sign')).toBe(false);
  });
});
