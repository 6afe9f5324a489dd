import { receivablesKind } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { queryFieldsOf, recordDetail, recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { LaidOutForm, type LaidOutProps } from '../form/layout/LaidOutForm';
import { receivablesEntry } from './kinds';
import { choose, chooseCustomer, isDisabled, optionsOf, shown } from './test-support';

/** The receivable's form as the list, the detail and a contract's 回款 tab open it: the generic laid-out form. */
const ReceivablesFormPanel = (props: LaidOutProps) => <LaidOutForm kind={receivablesEntry} {...props} />;

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customers = [
  recordRow({ customerId: 4, customerName: '林婉清' }),
  recordRow({ customerId: 5, customerName: '陈雨桐' }),
];
// Each customer's approved contracts, each contract's free plans.
const contractsOf: Record<number, ReturnType<typeof recordRow>[]> = {
  4: [recordRow({ contractId: 41, num: 'HT-41' })],
  5: [recordRow({ contractId: 51, num: 'HT-51' })],
};
const plansOf: Record<number, { planId: number; num: number }[]> = {
  41: [{ planId: 9, num: 3 }],
  51: [{ planId: 11, num: 1 }],
};

function answers(saved: { entity: Record<string, unknown> }[], asked: Record<string, unknown>[] = []): Answers {
  return {
    '/field/queryField': queryFieldsOf(receivablesKind),
    '/OaExamine/queryExamineFlowInfo': { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' },
    '/CrmCustomer/queryScene': [{ sceneId: 1, name: '全部客户', isDefault: 1, isSystem: true, data: {} }],
    '/CrmCustomer/queryPageList': { list: customers, totalRow: 2, page: 1, limit: 10 },
    '/CrmCustomer/queryContract': (body: Record<string, unknown>) => {
      asked.push(body);
      const list = contractsOf[Number(body.customerId)] ?? [];
      return { list, totalRow: list.length, page: 1, limit: 100 };
    },
    '/CrmContract/queryReceivablesPlansByContractId': (body: Record<string, unknown>) =>
      plansOf[Number(body.contractId)] ?? [],
    '/CrmReceivables/saveOrUpdate': (body) => {
      saved.push(body as { entity: Record<string, unknown> });
      return { id: 8 };
    },
  };
}
const perms = { permissions: ['crm:receivables:save', 'crm:receivables:update', 'crm:customer:index'] };
const texts = (items: HTMLElement[]) => items.map((o) => o.textContent);

describe('the receivable form’s links (crm-records 4)', { timeout: 120_000 }, () => {
  it('offers the chosen customer’s approved contracts, then that contract’s free plans; another customer empties both', async () => {
    const saved: { entity: Record<string, unknown> }[] = [];
    const asked: Record<string, unknown>[] = [];
    fakeFetch(answers(saved, asked));
    renderWithApp(<ReceivablesFormPanel open onClose={() => {}} onSaved={() => {}} />, perms);
    await screen.findByTestId('review-chosen');
    // Nothing to choose before a customer, nor a plan before a contract.
    expect(isDisabled('receivable-contract')).toBe(true);
    expect(isDisabled('receivable-plan')).toBe(true);

    await chooseCustomer('林婉清');
    expect(texts(await optionsOf('receivable-contract'))).toEqual(['HT-41']);
    expect(asked.at(-1)).toMatchObject({ customerId: '4', checkStatus: '1' });
    await choose('receivable-contract', 'HT-41');
    await choose('receivable-plan', '3');
    expect(shown('receivable-plan')).toBe('3');

    await chooseCustomer('陈雨桐');
    await waitFor(() => expect(shown('receivable-contract')).toBe(''));
    expect(shown('receivable-plan')).toBe('');
    expect(isDisabled('receivable-plan')).toBe(true);
    expect(texts(await optionsOf('receivable-contract'))).toEqual(['HT-51']);

    // Required of whoever fills them, with the server's messages.
    fireEvent.click(screen.getByTestId('save-draft'));
    for (const msg of ['合同不能为空', '回款编号不能为空', '回款日期不能为空', '回款金额不能为空'])
      expect(await screen.findByText(msg)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('from a contract’s 回款 tab: customer and contract locked, its plans offered', async () => {
    fakeFetch(answers([]));
    renderWithApp(
      <ReceivablesFormPanel
        open
        onClose={() => {}}
        onSaved={() => {}}
        preset={{ customer: [{ id: 4, name: '林婉清' }], contract: { value: 41, label: 'HT-41' } }}
      />,
      perms,
    );
    await screen.findByTestId('review-chosen');
    expect(screen.getByTestId('choose-customer').textContent).toContain('林婉清');
    expect((screen.getByTestId('choose-customer') as HTMLButtonElement).disabled).toBe(true);
    expect(shown('receivable-contract')).toBe('HT-41');
    expect(isDisabled('receivable-contract')).toBe(true);
    expect(texts(await optionsOf('receivable-plan'))).toEqual(['3']);
  });

  it('edits a draft: its own plan stays choosable, the draft is saved with its links', async () => {
    const saved: { entity: Record<string, unknown> }[] = [];
    fakeFetch({
      ...answers(saved),
      '/CrmReceivables/queryById': recordDetail({
        receivablesId: 8,
        number: 'HK-8',
        customerId: 4,
        customerName: '林婉清',
        contractId: 41,
        contractNum: 'HT-41',
        planId: 7,
        planNum: 2,
        returnTime: '2026-11-20',
        money: '500.00',
        returnType: '现金',
        checkStatus: 5,
        batchId: 'b-receivable-8',
      }),
    });
    renderWithApp(<ReceivablesFormPanel open recordId={8} onClose={() => {}} onSaved={() => {}} />, perms);
    await waitFor(() => expect(screen.getByTestId('save-draft').hasAttribute('disabled')).toBe(false));
    expect(shown('receivable-plan')).toBe('2');
    expect(texts(await optionsOf('receivable-plan'))).toEqual(['2', '3']);
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.entity).toMatchObject({
      receivablesId: 8,
      customerId: 4,
      contractId: 41,
      planId: 7,
      number: 'HK-8',
      returnTime: '2026-11-20',
      money: '500.00',
      returnType: '现金',
      checkStatus: 5,
      batchId: 'b-receivable-8',
    });
  });
});
