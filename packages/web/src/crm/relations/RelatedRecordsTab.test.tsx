import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { crmKindByKey } from '../kinds';
import RelatedRecordsTab from './RelatedRecordsTab';

configure({ asyncUtilTimeout: 10_000 });

const contacts = crmKindByKey('contacts')!;
const page = {
  list: [
    recordRow({
      businessId: 31,
      businessName: '林婉清的水光疗程',
      money: 5040,
      customerName: '林婉清',
      statusName: '初步接洽',
    }),
  ],
  totalRow: 1,
  page: 1,
  limit: 10,
};
const render = (write: boolean, permissions: string[]) =>
  renderWithApp(
    <RelatedRecordsTab
      side="contactsBusiness"
      kind={contacts}
      id={7}
      record={{
        contactsId: 7,
        name: '林父',
        ownerUserId: 5,
        ownerUserName: '孙丽',
        createUserId: 5,
        createUserName: '孙丽',
        createTime: '2026-11-20T02:00:00.000Z',
        updateTime: '2026-11-20T02:00:00.000Z',
        nextTime: null,
      }}
      access={{ read: true, write, owner: write }}
      refresh={() => {}}
      can={() => true}
    />,
    { permissions },
  );

/** A button of the latest confirmation: 取消 (the plain one) or 确定 (the primary one). */
const confirmButton = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(`.ant-modal-confirm-btns ${selector}`)].at(-1)!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a contact’s 商机 tab (crm-records §7 relateBusiness / unrelateBusiness)', { timeout: 60_000 }, () => {
  it('取消关联 asks 确认取消关联?; cancelling says 已取消操作 and sends nothing, confirming unlinks', async () => {
    const calls = fakeFetch({ '/CrmContacts/queryBusiness': page, '/CrmContacts/unrelateBusiness': null });
    render(true, ['crm:contacts:update', 'crm:business:index']);
    await screen.findByText('林婉清的水光疗程');

    fireEvent.click(screen.getByTestId('relation-unrelate'));
    await screen.findAllByText('确认取消关联?');
    fireEvent.click(confirmButton('.ant-btn:not(.ant-btn-primary)'));
    await screen.findByText('已取消操作');
    expect(calls.some((c) => c.path === '/CrmContacts/unrelateBusiness')).toBe(false);

    fireEvent.click(screen.getByTestId('relation-unrelate'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-btns').length).toBeGreaterThan(0));
    fireEvent.click(confirmButton('.ant-btn-primary'));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmContacts/unrelateBusiness')).toBe(true));
    expect(calls.find((c) => c.path === '/CrmContacts/unrelateBusiness')!.body).toEqual({
      contactsId: 7,
      businessIds: [31],
    });
  });

  it('offers neither 关联 nor 取消关联 without write access to the contact', async () => {
    fakeFetch({ '/CrmContacts/queryBusiness': page });
    render(false, ['crm:contacts:update', 'crm:business:index']);
    await screen.findByText('林婉清的水光疗程');
    expect(screen.queryByTestId('relation-relate')).toBeNull();
    expect(screen.queryByTestId('relation-unrelate')).toBeNull();
  });
});
