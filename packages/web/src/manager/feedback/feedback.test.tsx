import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { fileInfo } from '@/test/files';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import FeedbackDialog from './FeedbackDialog';
import FeedbackPage from './FeedbackPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
const row = {
  feedbackId: 7,
  type: '建议',
  content: '希望加个导出按钮',
  pageUrl: '/crm/customer',
  status: 2,
  senderId: 5,
  senderName: '孙丽',
  reply: '下个版本加上',
  replierName: '系统管理员',
  replyTime: '2026-11-20 10:00:00',
  createTime: '2026-11-19 09:00:00',
  updateTime: '2026-11-20 10:00:00',
};
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });

describe('意见反馈 dialog', { timeout: 60_000 }, () => {
  it('checks the content with the shared schema, sends it with its batch and page, then shows my feedback with the reply', async () => {
    const calls = fakeFetch({ '/system/feedback/submit': { feedbackId: 7 }, '/system/feedback/mine': page([row]) });
    renderWithApp(<FeedbackDialog onClose={() => {}} />);
    fireEvent.click(button(/提\s*交/));
    expect(await screen.findByText('请输入反馈内容')).toBeTruthy();
    expect(sent(calls, '/system/feedback/submit')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('建议'));
    fireEvent.change(screen.getByLabelText('反馈内容'), { target: { value: '希望加个导出按钮' } });
    fireEvent.click(button(/提\s*交/));
    await waitFor(() => expect(sent(calls, '/system/feedback/submit')).toHaveLength(1));
    const [body] = sent(calls, '/system/feedback/submit');
    expect(body).toMatchObject({ type: '建议', content: '希望加个导出按钮', pageUrl: window.location.pathname });
    expect(String(body!.batchId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/系统管理员 回复于 2026-11-20 10:00：下个版本加上/)).toBeTruthy();
  });
});

describe('系统管理 › 意见反馈', { timeout: 60_000 }, () => {
  const permissions = ['manage:backstage:look', 'manage:feedback:read', 'manage:feedback:handle'];
  const open = () => {
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls = fakeFetch({
      '/system/feedback/list': page([row]),
      '/system/feedback/detail': {
        ...row,
        screenshots: [fileInfo(1, '屏幕.png')],
      },
    });
    renderWithApp(<FeedbackPage />, { permissions });
    return calls;
  };

  it('lists feedback, opens one with its screenshots and replies to the sender', async () => {
    const calls = open();
    fireEvent.click(await screen.findByText('希望加个导出按钮'));
    expect(await screen.findByAltText('屏幕.png')).toBeTruthy();
    const reply = screen.getByLabelText('回复提交人');
    expect((reply as HTMLTextAreaElement).value).toBe('下个版本加上');
    fireEvent.change(reply, { target: { value: '已在 2.1 版加上' } });
    fireEvent.click(button(/回\s*复/));
    // The request layer posts form-encoded: the id arrives as text.
    await waitFor(() =>
      expect(sent(calls, '/system/feedback/reply')).toEqual([{ feedbackId: '7', reply: '已在 2.1 版加上' }]),
    );
  });
});
