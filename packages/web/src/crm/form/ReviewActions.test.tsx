import type { RecordRow } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import type { CrmKind } from '../types';
import ReviewActions from './ReviewActions';
import { sampleKind } from './test-support';

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The detail's review actions of any kind declaring `review` (issue 27): the test kind is
// reviewed under category 97, and its review is asked for and decided under that number.
const kind: CrmKind = { descriptor: sampleKind, prefix: 'CrmSample', path: 'sample' };

function open(review: { canAudit: boolean; canWithdraw: boolean }, checkStatus = 3) {
  const refresh = vi.fn();
  const calls = fakeFetch({
    '/CrmExamineRecord/queryReview': { recordId: 70, status: checkStatus, chosen: false, ...review },
    '/CrmExamineRecord/auditExamine': { status: 1 },
  });
  const record = { sampleId: 5, checkStatus, updateTime: '2026-11-20 10:00:00' } as unknown as RecordRow;
  renderWithApp(
    <ReviewActions
      kind={kind}
      id={5}
      record={record}
      access={{ read: true, write: true, owner: true }}
      refresh={refresh}
      can={() => true}
    />,
  );
  return { calls, refresh };
}
const ok = () => [...document.querySelectorAll<HTMLElement>('.ant-modal .ant-btn-primary')].at(-1)!;

describe('the generic review actions of a reviewed kind', { timeout: 60_000 }, () => {
  it('shows the status, and lets the awaited reviewer approve under the kind’s category', async () => {
    const { calls, refresh } = open({ canAudit: true, canWithdraw: false });
    expect(screen.getByTestId('check-status').textContent).toBe('审核中');
    fireEvent.click(await screen.findByTestId('review-approve'));
    expect(calls.find((c) => c.path === '/CrmExamineRecord/queryReview')?.body).toMatchObject({
      id: '5',
      categoryType: '97',
    });
    expect(screen.queryByTestId('review-withdraw')).toBeNull();
    fireEvent.click(ok());
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/CrmExamineRecord/auditExamine')?.body).toMatchObject({
      id: '5',
      categoryType: '97',
      status: '1',
    });
  });

  it('asks for remarks to reject; the applicant may only withdraw', async () => {
    const first = open({ canAudit: true, canWithdraw: false });
    fireEvent.click(await screen.findByTestId('review-reject'));
    fireEvent.click(ok());
    expect(await screen.findByText('请填写意见')).toBeTruthy();
    expect(first.calls.some((c) => c.path === '/CrmExamineRecord/auditExamine')).toBe(false);
    fireEvent.change(screen.getByTestId('review-remarks'), { target: { value: '金额不对' } });
    fireEvent.click(ok());
    await waitFor(() => expect(first.refresh).toHaveBeenCalled());
    expect(first.calls.find((c) => c.path === '/CrmExamineRecord/auditExamine')?.body).toMatchObject({
      status: '2',
      remarks: '金额不对',
    });
    cleanup();

    open({ canAudit: false, canWithdraw: true });
    expect(await screen.findByTestId('review-withdraw')).toBeTruthy();
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-reject')).toBeNull();
  });
});
