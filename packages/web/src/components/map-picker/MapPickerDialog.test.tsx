import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { MapPickerDialog } from './MapPickerDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Open an antd Select by its label, search and click the option with this text. */
async function choose(label: string, option: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  // The list is virtual: type to bring the option into view, as a person would search.
  fireEvent.change(input, { target: { value: option } });
  const item = await screen.findByTitle(option);
  fireEvent.click(item);
}

describe('MapPickerDialog without a map service', { timeout: 60_000 }, () => {
  it('says the map is unavailable and answers the chosen region and typed address', async () => {
    const calls = fakeFetch({ '/sysConfig/map': { mapProvider: '', mapKey: '' } });
    const onConfirm = vi.fn();
    renderWithApp(<MapPickerDialog open zoom={16} onCancel={() => {}} onConfirm={onConfirm} />);
    expect(await screen.findByText('地图暂不可用，请选择省市区并填写详细地址')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/sysConfig/map');
    expect(screen.queryByTestId('map-picker-map')).toBeNull();

    // Confirming too early says what is missing and answers nothing.
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择省市区并填写详细地址')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await waitFor(() => expect(screen.getByLabelText('省')).toBeTruthy());
    await choose('省', '四川省');
    await choose('市', '成都市');
    await choose('区/县', '锦江区');
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '春熙路88号' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith({
      longitude: null,
      latitude: null,
      address: '四川省成都市锦江区春熙路88号',
    });
  });

  it('leaves out the 市辖区 of a municipality', async () => {
    fakeFetch({ '/sysConfig/map': { mapProvider: 'amap', mapKey: '' } });
    const onConfirm = vi.fn();
    renderWithApp(<MapPickerDialog open zoom={14} onCancel={() => {}} onConfirm={onConfirm} />);
    await screen.findByText('地图暂不可用，请选择省市区并填写详细地址');
    await waitFor(() => expect(screen.getByLabelText('省')).toBeTruthy());
    await choose('省', '北京市');
    await choose('市', '市辖区');
    await choose('区/县', '朝阳区');
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '建国路1号' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith({ longitude: null, latitude: null, address: '北京市朝阳区建国路1号' });
  });
});
