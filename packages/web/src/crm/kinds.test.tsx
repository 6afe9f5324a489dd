import type { RecordRow } from '@crm/shared';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { crmKinds } from './kinds';

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the detail header of a kind declaring review (issue 27)', { timeout: 60_000 }, () => {
  it('has the generic review actions after the kind’s own, asked by its declared category', async () => {
    const reviewed = crmKinds.filter((k) => k.descriptor.review);
    expect(reviewed.map((k) => k.descriptor.key)).toEqual(expect.arrayContaining(['contract', 'receivables']));
    const record = { checkStatus: 3, customerId: 4, customerName: '林婉清' } as unknown as RecordRow;
    for (const kind of reviewed) {
      const calls = fakeFetch({
        '/CrmExamineRecord/queryReview': { recordId: 1, status: 3, canAudit: true, canWithdraw: false, chosen: false },
      });
      const Actions = kind.detailActions!;
      renderWithApp(
        <Actions
          kind={kind}
          id={3}
          record={record}
          access={{ read: true, write: true, owner: true }}
          refresh={() => {}}
          can={() => true}
        />,
      );
      expect(await screen.findByTestId('review-approve')).toBeTruthy();
      expect(screen.getByTestId('check-status').textContent).toBe('审核中');
      // The kind's own part: its customer.
      expect((await screen.findByTestId('record-customer')).textContent).toContain('林婉清');
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/CrmExamineRecord/queryReview')?.body).toMatchObject({
          id: '3',
          categoryType: String(kind.descriptor.review!.categoryType),
        }),
      );
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
