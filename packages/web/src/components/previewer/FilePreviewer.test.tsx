import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePreviewer, type PreviewFile, TIP_MS } from './FilePreviewer';
import { usePreviewer } from './usePreviewer';

const KEY = 'AbCdEfGhIjKlMnOpQrStUvWx';
const files: PreviewFile[] = [
  { url: '/file/view/aaaaaaaaaaaaaaaaaaaaaaaa', name: '门店照片.png' },
  { url: '/file/view/bbbbbbbbbbbbbbbbbbbbbbbb', name: '身份证.jpg' },
  { url: `/file/view/${KEY}`, name: '合同.pdf' },
];

const counter = () => document.querySelector('.crm-previewer__counter')?.textContent;
const image = () => document.querySelector<HTMLImageElement>('.crm-previewer__img');
const click = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FilePreviewer', () => {
  it('shows the index counter and moves with prev/next, thumbnails and arrow keys', () => {
    render(<FilePreviewer files={files} index={1} open onClose={() => {}} />);
    expect(counter()).toBe('2 / 3');
    expect(image()?.getAttribute('src')).toBe(files[1]!.url);
    click('上一张');
    expect(counter()).toBe('1 / 3');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 3');
    click('合同.pdf');
    expect(counter()).toBe('3 / 3');
  });

  it('tips 已经是第一张了! before the first, and the tip goes after 10000 ms', () => {
    render(<FilePreviewer files={files} open onClose={() => {}} />);
    click('上一张');
    expect(screen.getByRole('status').textContent).toBe('已经是第一张了!');
    expect(counter()).toBe('1 / 3');
    act(() => vi.advanceTimersByTime(TIP_MS - 1));
    expect(screen.queryByText('已经是第一张了!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('已经是第一张了!')).toBeNull();
  });

  it('tips 已经是最后一张了! after the last', () => {
    render(<FilePreviewer files={files} index={2} open onClose={() => {}} />);
    click('下一张');
    expect(screen.getByRole('status').textContent).toBe('已经是最后一张了!');
    expect(counter()).toBe('3 / 3');
  });

  it('shows a non-image file as an icon with a 下载 button that downloads it', () => {
    const clicked: HTMLAnchorElement[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(<FilePreviewer files={files} index={2} open onClose={() => {}} />);
    expect(image()).toBeNull();
    expect(screen.getByText('合同.pdf', { selector: '.crm-previewer__file-name' })).toBeTruthy();
    const card = document.querySelector<HTMLElement>('.crm-previewer__file')!;
    fireEvent.click(within(card).getByRole('button', { name: /下\s*载/ }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('href')).toBe(`/file/download/${KEY}`);
    expect(clicked[0]!.download).toBe('合同.pdf');
    // Zoom and rotate make no sense for a PDF.
    expect(screen.getByRole('button', { name: '放大' }).hasAttribute('disabled')).toBe(true);
    spy.mockRestore();
  });

  it('zooms by 1.3 and 0.7 down to 80 px wide, and rotates 90° per step', () => {
    render(<FilePreviewer files={files} open onClose={() => {}} />);
    const img = image()!;
    Object.defineProperty(img, 'clientWidth', { value: 200, configurable: true });
    click('放大');
    expect(img.style.width).toBe('260px');
    click('缩小');
    expect(img.style.width).toBe('182px');
    for (let i = 0; i < 10; i++) click('缩小');
    expect(img.style.width).toBe('80px');
    click('旋转');
    click('旋转');
    expect(img.style.transform).toBe('rotate(180deg)');
    // Another picture starts fresh.
    click('下一张');
    expect(image()!.style.transform).toBe('rotate(0deg)');
    expect(image()!.style.width).toBe('');
  });

  it('shows 没有找到数据 without files', () => {
    render(<FilePreviewer files={[]} open onClose={() => {}} />);
    expect(screen.getByText('没有找到数据')).toBeTruthy();
    expect(counter()).toBe('0 / 0');
  });

  it('closes on Esc and on the close button; renders nothing when closed', () => {
    const onClose = vi.fn();
    const { rerender } = render(<FilePreviewer files={files} open onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    click('关闭');
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(<FilePreviewer files={files} open={false} onClose={onClose} />);
    expect(document.querySelector('.crm-previewer')).toBeNull();
  });
});

function PreviewerPage() {
  const [openPreview, previewer] = usePreviewer();
  return (
    <>
      <Button onClick={() => openPreview(files, 1)}>open</Button>
      {previewer}
    </>
  );
}

describe('usePreviewer', () => {
  it('opens at the given index and closes again', () => {
    render(<PreviewerPage />);
    expect(document.querySelector('.crm-previewer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(counter()).toBe('2 / 3');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.querySelector('.crm-previewer')).toBeNull();
  });
});
