import type { CategoryItem } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { areas } from '@/shell/areas';
import { TypePicker } from './TypePicker';
import { fakeFetch, renderWithApp } from './test-utils';

const item = (categoryId: number, title: string, icon: number, remarks = ''): CategoryItem => ({
  categoryId,
  title,
  icon,
  remarks,
  type: categoryId === 1 ? 'general' : 'custom',
  examineType: 2,
  fields: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TypePicker (spec 2.7)', { timeout: 20_000 }, () => {
  it('shows the categories grouped by class name; a click selects', async () => {
    fakeFetch({
      '/OaExamineCategory/queryCategoryGroups': [
        { className: '通用', list: [item(1, '普通审批', 1)] },
        { className: '行政', list: [item(7, '采购申请', 5), item(8, '用车申请', 19)] },
      ],
    });
    const onSelect = vi.fn();
    renderWithApp(<TypePicker open onClose={() => {}} onSelect={onSelect} />);
    expect(screen.getByText('审批类型')).toBeTruthy();
    const groups = await screen.findAllByTestId('picker-group');
    expect(groups.map((g) => g.querySelector('.exm-picker__class')?.textContent)).toEqual(['通用', '行政']);
    expect([...groups[1]!.querySelectorAll('.exm-picker__name')].map((n) => n.textContent)).toEqual([
      '采购申请',
      '用车申请',
    ]);
    // Icon 19 has no picture: the title's first character stands in.
    expect(groups[1]!.querySelector('[data-icon="19"]')?.textContent).toBe('用');
    expect(document.querySelector('.ant-modal')?.getAttribute('style') ?? '').toContain('520');
    fireEvent.click(screen.getByText('采购申请'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ categoryId: 7 })));
  });

  it("shows each category's 说明 under its name", async () => {
    fakeFetch({
      '/OaExamineCategory/queryCategoryGroups': [
        {
          className: '行政',
          list: [item(7, '采购申请', 5, '采购办公用品与耗材，金额超过5000元需附比价单'), item(8, '用车申请', 19)],
        },
      ],
    });
    renderWithApp(<TypePicker open onClose={() => {}} onSelect={() => {}} />);
    const buying = (await screen.findByText('采购申请')).closest('button')!;
    expect(within(buying).getByText('采购办公用品与耗材，金额超过5000元需附比价单')).toBeTruthy();
    const car = screen.getByText('用车申请').closest('button')!;
    expect(car.querySelector('.exm-picker__remarks')).toBeNull();
  });

  it('tells ordinary staff nothing about the admin backend', async () => {
    fakeFetch({
      '/OaExamineCategory/queryCategoryGroups': [{ className: '通用', list: [item(1, '普通审批', 1)] }],
    });
    renderWithApp(<TypePicker open onClose={() => {}} onSelect={() => {}} />);
    await screen.findByText('普通审批');
    expect(screen.getByText('请选择审批类型')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/管理后台|管理审批类型/);
    expect(screen.queryByTestId('picker-admin-link')).toBeNull();
  });

  it('gives an administrator of approval types the way to 审批管理', async () => {
    fakeFetch({
      '/OaExamineCategory/queryCategoryGroups': [{ className: '通用', list: [item(1, '普通审批', 1)] }],
    });
    const onClose = vi.fn();
    renderWithApp(<TypePicker open onClose={onClose} onSelect={() => {}} />, {
      permissions: ['oa:examine:use', 'manage:backstage:look', 'manage:oa:examine'],
      routeTable: areas,
    });
    await screen.findByText('普通审批');
    expect(screen.getByText('请选择审批类型（管理后台可以自定义审批类型）')).toBeTruthy();
    const link = screen.getByTestId('picker-admin-link');
    expect(link.getAttribute('href')).toBe('/manager/system-workbench');
    expect(link.textContent).toContain('管理审批类型');
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when no category is available', async () => {
    fakeFetch({ '/OaExamineCategory/queryCategoryGroups': [] });
    renderWithApp(<TypePicker open onClose={() => {}} onSelect={() => {}} />);
    expect(await screen.findByText('暂无可用的审批类型，请联系管理员')).toBeTruthy();
  });
});
