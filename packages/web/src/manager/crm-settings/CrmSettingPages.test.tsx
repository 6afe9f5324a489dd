import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import AchievementPage from './AchievementPage';
import RecordOptionsPage from './RecordOptionsPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const permissions = ['manage:backstage:look', 'manage:crm:setting', 'manage:crm:achievement'];
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('跟进记录类型', { timeout: 60_000 }, () => {
  it('adds and removes methods and saves the whole list; a repeated one is refused first', async () => {
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls = fakeFetch({
      '/CrmRecord/queryRecordOptions': ['打电话', '发短信', '上门拜访'],
      '/CrmRecord/setRecordOptions': null,
    });
    renderWithApp(<RecordOptionsPage />, { permissions });
    const box = await screen.findByTestId('record-options');
    await within(box).findByText('发短信');
    const input = within(box).getByTestId('record-option-input');
    fireEvent.change(input, { target: { value: '打电话' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('跟进方式不能重复')).toBeTruthy();
    fireEvent.change(input, { target: { value: '微信沟通' } });
    fireEvent.click(
      within(box)
        .getByText(/^(添加|Add)$/)
        .closest('button')!,
    );
    await within(box).findByText('微信沟通');
    const sms = within(box).getByText('发短信').closest('.ant-tag')!;
    fireEvent.click(sms.querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(within(box).queryByText('发短信')).toBeNull());
    fireEvent.click(within(box).getByTestId('record-options-save'));
    await waitFor(() =>
      expect(sent(calls, '/CrmRecord/setRecordOptions')).toEqual([{ value: ['打电话', '上门拜访', '微信沟通'] }]),
    );
  });
});

describe('业绩目标设置', { timeout: 60_000 }, () => {
  it('lists the departments targets by quarter and year and saves one row of twelve months', async () => {
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const months = [100, 0, 20, 50, 0, 0, 0, 0, 0, 0, 0, 0];
    const calls = fakeFetch({
      '/achievement/queryAchievementList': [{ objId: 3, name: '销售一部', deptName: '', months, yearTarget: 170 }],
      '/achievement/setAchievement': null,
    });
    renderWithApp(<AchievementPage />, { permissions });
    await screen.findByText('销售一部');
    expect(sent(calls, '/achievement/queryAchievementList')[0]).toMatchObject({ status: 2, type: 1 });
    // The table shows quarters and the year (twelve month columns do not fit a 1366 screen).
    const table = document.querySelector('.ant-table') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['名称', '第1季度', '第2季度', '第3季度', '第4季度', '年度目标', '操作']);
    const cells = within(table).getByText('销售一部').closest('tr')!.querySelectorAll('td');
    expect(Array.from(cells).map((td) => td.textContent)).toEqual([
      '销售一部',
      '120.00',
      '50.00',
      '0.00',
      '0.00',
      '170.00',
      '编辑目标',
    ]);
    fireEvent.click(screen.getByTestId('achievement-edit'));
    const feb = await screen.findByLabelText('2月');
    fireEvent.change(feb, { target: { value: '250.5' } });
    fireEvent.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText(/保\s*存/));
    await waitFor(() => expect(sent(calls, '/achievement/setAchievement')).toHaveLength(1));
    expect(sent(calls, '/achievement/setAchievement')[0]).toMatchObject({
      status: 2,
      type: 1,
      list: [{ objId: 3, months: [100, 250.5, 20, 50, 0, 0, 0, 0, 0, 0, 0, 0] }],
    });
  });
});
