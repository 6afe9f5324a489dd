import type { FieldDefinition } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DesignedCategory, FieldDesigner } from './FieldDesigner';

const calls: { path: string; body: unknown }[] = [];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));

function renderDesigner(category: DesignedCategory, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <FieldDesigner category={category} onClose={() => {}} onSaved={onSaved} />
      </App>
    </QueryClientProvider>,
  );
  return onSaved;
}

const rows = () => within(screen.getByTestId('fd-list')).getAllByRole('listitem');
const names = () => rows().map((r) => r.querySelector('.fd-row__name')?.textContent);

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      calls.push({ path: String(input), body });
      return Promise.resolve(ok(body.fields));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FieldDesigner', { timeout: 20_000 }, () => {
  it('adds fields by type, edits, reorders, deletes and saves them as JSON', async () => {
    const existing = [
      { fieldId: 1, fieldName: 'field_1', name: '供应商', formType: 'text', isNull: 1, options: [], inputTips: '' },
    ] as unknown as FieldDefinition[];
    const onSaved = renderDesigner({ categoryId: 7, title: '采购申请', isSystem: false, fields: existing });
    expect(names()).toEqual(['*供应商']);

    fireEvent.click(screen.getByTestId('fd-add-select'));
    expect(names()).toEqual(['*供应商', '单选1']);
    const props = screen.getByTestId('fd-props');
    fireEvent.change(within(props).getByLabelText('字段名称'), { target: { value: '品类' } });
    fireEvent.change(within(props).getByLabelText('选项1'), { target: { value: '耗材' } });
    fireEvent.change(within(props).getByLabelText('选项2'), { target: { value: '设备' } });
    fireEvent.click(within(props).getByLabelText('必填'));

    fireEvent.click(screen.getByTestId('fd-add-textarea'));
    fireEvent.click(within(rows()[2]!).getByLabelText('上移'));
    expect(names()).toEqual(['*供应商', '多行文本1', '*品类']);
    fireEvent.click(within(rows()[1]!).getByLabelText('删除'));
    expect(names()).toEqual(['*供应商', '*品类']);

    // A CRM relation type is offered once its kind declares `link` (customers and contacts do).
    expect((screen.getByTestId('fd-add-customer') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('fd-add-contacts') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByText(/^保\s?存$/));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]!.path).toBe('/field/examineFieldSave');
    expect(calls[0]!.body).toEqual({
      categoryId: 7,
      fields: [
        expect.objectContaining({ fieldId: 1, fieldName: 'field_1', name: '供应商', formType: 'text', isNull: 1 }),
        expect.objectContaining({ name: '品类', formType: 'select', isNull: 1, options: ['耗材', '设备'] }),
      ],
    });
  });

  it('refuses duplicate names with the server message before saving', async () => {
    renderDesigner({ categoryId: 7, title: '采购申请', isSystem: false, fields: [] });
    fireEvent.click(screen.getByTestId('fd-add-text'));
    fireEvent.click(screen.getByTestId('fd-add-text'));
    fireEvent.change(within(screen.getByTestId('fd-props')).getByLabelText('字段名称'), {
      target: { value: '单行文本1' },
    });
    fireEvent.click(screen.getByText(/^保\s?存$/));
    expect(await screen.findByText('单行文本1已存在')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a system category read-only', () => {
    renderDesigner({
      categoryId: 1,
      title: '普通审批',
      isSystem: true,
      fields: [{ name: '说明', formType: 'text', isNull: 0, isUnique: 0, options: [], inputTips: '' }],
    });
    expect(screen.getByText('系统审批类型暂不支持编辑')).toBeTruthy();
    expect(screen.queryByTestId('fd-add-text')).toBeNull();
    expect(screen.queryByText(/^保\s?存$/)).toBeNull();
    expect(screen.queryByLabelText('上移')).toBeNull();
    expect((within(screen.getByTestId('fd-props')).getByLabelText('字段名称') as HTMLInputElement).disabled).toBe(true);
  });
});
