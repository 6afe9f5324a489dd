import type { FileInfo } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answered } from '@/test/answers';
import { FileUploadList } from './FileUploadList';

const info = (fileId: number, name: string, size: number, mime = 'application/pdf', staged = true): FileInfo => ({
  fileId,
  batchId: 'batch-1',
  name,
  size,
  url: `/file/view/key${String(fileId).padStart(21, '0')}`,
  type: 'file',
  mime,
  createTime: '2024-05-01T08:00:00.000Z',
  createUserId: 5,
  createUserName: '孙丽',
  staged,
});
const longName = '二〇二四年第二季度门店装修验收报告及整改意见汇总.pdf';
let batch: FileInfo[];
const calls: { path: string; body: URLSearchParams | FormData }[] = [];

function fakeServer(input: RequestInfo | URL, init?: RequestInit) {
  const path = String(input);
  const body = init?.body instanceof FormData ? init.body : new URLSearchParams(String(init?.body ?? ''));
  calls.push({ path, body });
  if (path === '/file/queryByBatchId') return Promise.resolve(answered('/file/queryByBatchId', batch));
  if (path === '/file/removeById') return Promise.resolve(answered('/file/removeById', null));
  if (path === '/file/renameFileById') {
    const params = body as URLSearchParams;
    const file = batch.find((f) => f.fileId === Number(params.get('fileId')))!;
    return Promise.resolve(answered('/file/renameFileById', { ...file, name: params.get('name')! }));
  }
  if (path === '/file/upload') {
    const form = body as FormData;
    const file = form.get('file') as File;
    const created = {
      ...info(9, file.name, file.size, file.type),
      batchId: String(form.get('batchId') || 'new-batch'),
    };
    return Promise.resolve(answered('/file/upload', { ...created, file_id: created.fileId }));
  }
  return Promise.resolve(new Response(JSON.stringify({ code: 404, msg: 'not found', data: null })));
}

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const items = () => screen.queryAllByTestId('upload-item');
const okButton = () => screen.getByRole('button', { name: /确\s*定/ });
const cancelButton = () => screen.getByRole('button', { name: /取\s*消/ });

beforeEach(() => {
  calls.length = 0;
  batch = [
    info(1, '合同.pdf', 3 * 1024 * 1024 + 512 * 1024),
    info(2, longName, 2048),
    info(3, 'a.txt', 12, 'text/plain'),
  ];
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FileUploadList', () => {
  it('lists the batch with sizes in MB, kB or Byte and long names cut at 25 characters', async () => {
    wrap(<FileUploadList batchId="batch-1" />);
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(calls[0]!.path).toBe('/file/queryByBatchId');
    expect((calls[0]!.body as URLSearchParams).get('batchId')).toBe('batch-1');
    expect(within(items()[0]!).getByText('3.50 MB')).toBeTruthy();
    expect(within(items()[1]!).getByText('2.00 kB')).toBeTruthy();
    expect(within(items()[2]!).getByText('12 Byte')).toBeTruthy();
    expect(within(items()[1]!).getByText(`${Array.from(longName).slice(0, 25).join('')}...`)).toBeTruthy();
  });

  it('asks 您确定要删除该文件吗? (提示) and on confirm deletes and toasts 操作成功', async () => {
    wrap(<FileUploadList batchId="batch-1" />);
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('您确定要删除该文件吗?')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示');
    fireEvent.click(okButton());
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const removal = calls.find((c) => c.path === '/file/removeById')!;
    expect((removal.body as URLSearchParams).get('id')).toBe('1');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('合同.pdf')).toBeNull();
  });

  it('on cancel deletes nothing and shows 已取消操作', async () => {
    wrap(<FileUploadList batchId="batch-1" />);
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[2]!).getByRole('button', { name: '删除' }));
    await screen.findByText('您确定要删除该文件吗?');
    fireEvent.click(cancelButton());
    expect(await screen.findByText('已取消操作')).toBeTruthy();
    expect(calls.some((c) => c.path === '/file/removeById')).toBe(false);
    expect(items()).toHaveLength(3);
  });

  it('renames keeping the extension; an empty name is refused with 请输入文件名', async () => {
    wrap(<FileUploadList batchId="batch-1" />);
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: '重命名' }));
    const box = await screen.findByRole('textbox', { name: '重命名' });
    expect((box as HTMLInputElement).value).toBe('合同');
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入文件名')).toBeTruthy();
    expect(calls.some((c) => c.path === '/file/renameFileById')).toBe(false);
    fireEvent.change(box, { target: { value: '补充协议' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/file/renameFileById')!.body as URLSearchParams;
    expect([sent.get('fileId'), sent.get('name')]).toEqual(['1', '补充协议.pdf']);
    expect(await screen.findByText('补充协议.pdf')).toBeTruthy();
  }, 20_000);

  it('uploads one file, starting a batch and reporting it', async () => {
    const onBatchIdChange = vi.fn();
    const { container } = wrap(<FileUploadList onBatchIdChange={onBatchIdChange} />);
    expect(calls).toHaveLength(0);
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['hello'], '说明.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(onBatchIdChange).toHaveBeenCalledWith('new-batch'));
    const sent = calls.find((c) => c.path === '/file/upload')!.body as FormData;
    expect(sent.get('type')).toBe('file');
    expect(sent.get('batchId')).toBeNull();
    expect(await screen.findByText('说明.txt')).toBeTruthy();
  });

  it('offers neither rename nor delete for a file already saved with its record', async () => {
    batch = [info(1, '合同.pdf', 100, 'application/pdf', false), info(2, '新传的.pdf', 100)];
    wrap(<FileUploadList batchId="batch-1" />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(items()[0]!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(items()[0]!).queryByRole('button', { name: '重命名' })).toBeNull();
    expect(within(items()[1]!).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(items()[1]!).getByRole('button', { name: '重命名' })).toBeTruthy();
  });

  it('read-only shows the saved files only, never the uploader’s unsaved ones', async () => {
    batch = [info(1, '合同.pdf', 100, 'application/pdf', false), info(2, '未保存.pdf', 100)];
    wrap(<FileUploadList batchId="batch-1" readOnly />);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.queryByText('未保存.pdf')).toBeNull();
  });

  // The call centre (issue 25, h-call): a saved recording plays in place; other files do not get a player.
  it('read-only puts a player under a saved audio file', async () => {
    batch = [info(1, '录音.wav', 100, 'audio/wav', false), info(2, '合同.pdf', 100, 'application/pdf', false)];
    wrap(<FileUploadList batchId="batch-1" readOnly />);
    await waitFor(() => expect(items()).toHaveLength(2));
    const players = screen.getAllByTestId('upload-audio');
    expect(players).toHaveLength(1);
    expect(players[0]!.getAttribute('src')).toBe(batch[0]!.url);
    expect(items()[0]!.contains(players[0]!)).toBe(true);
  });

  it('opens the previewer on a file and hides changes when read-only', async () => {
    batch = batch.map((f) => ({ ...f, staged: false }));
    wrap(<FileUploadList batchId="batch-1" readOnly />);
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByText('上传附件')).toBeNull();
    fireEvent.click(within(items()[1]!).getByRole('button', { name: '预览' }));
    expect(document.querySelector('.crm-previewer__counter')?.textContent).toBe('2 / 3');
  });
});
