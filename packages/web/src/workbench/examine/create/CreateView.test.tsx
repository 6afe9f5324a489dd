import type { FileInfo } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryItem, ExamineDetail } from '../api';
import { type Call, fakeFetch, renderWithApp } from '../test-utils';
import { CreateView } from './CreateView';

const file = (fileId: number, name: string, staged: boolean): FileInfo => ({
  fileId,
  batchId: 'b-1',
  name,
  size: 10,
  url: `/file/view/${String(fileId).padStart(24, 'A')}`,
  type: 'img',
  mime: 'image/png',
  createTime: '2026-11-22T03:00:00.000Z',
  createUserId: 5,
  createUserName: '孙丽',
  staged,
});
const scan = file(1, '扫描件.png', false);
const extra = file(2, '多余的图.png', true);

const category: CategoryItem = {
  categoryId: 7,
  title: '普通审批',
  icon: 1,
  remarks: '',
  type: 'general',
  examineType: 2,
  fields: [],
};
const person = (userId: number, realname: string) => ({ userId, realname, img: '', deptName: '' });
const editing = {
  examineId: 3,
  recordId: 11,
  categoryId: 7,
  batchId: 'b-1',
  content: '采购投影仪',
  detail: '会议室用',
  model: { detail: '会议室用' },
  values: {},
  checkUsers: [person(4, '赵强')],
  ccUsers: [
    { ...person(10, '黄敏'), read: false },
    { ...person(12, '李明'), read: false },
  ],
} as unknown as ExamineDetail;

let batch: FileInfo[];
let calls: Call[];
beforeEach(() => {
  batch = [scan];
  calls = fakeFetch({
    '/OaExamine/queryExamineFlowInfo': { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' },
    '/OaExamineCategory/queryExamineUsers': { examineUsers: [], ccUsers: [{ userId: 10, realname: '黄敏' }] },
    '/file/queryByBatchId': () => batch,
    '/file/upload': () => {
      batch = [...batch, extra];
      return { ...extra, file_id: extra.fileId };
    },
    '/file/removeById': (body: Record<string, unknown>) => {
      batch = batch.filter((f) => f.fileId !== Number(body.id));
      return null;
    },
    '/OaExamine/setGeneral': { examineId: 3, recordId: 11, status: 0 },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => screen.queryAllByTestId('upload-item');
const removals = () => calls.filter((c) => c.path === '/file/removeById').map((c) => Number(c.body.id));

async function openEditor(onClose = vi.fn()) {
  renderWithApp(<CreateView open target={{ category, editing }} onClose={onClose} />);
  await waitFor(() => expect(items()).toHaveLength(1), { timeout: 8000 });
  return onClose;
}

async function uploadExtra() {
  const input = document.querySelector<HTMLInputElement>('.crm-upload-list input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], '多余的图.png', { type: 'image/png' })] } });
  await waitFor(() => expect(items()).toHaveLength(2), { timeout: 5000 });
}

describe('editing an approval: attachments change only with 更新', () => {
  it('取消 after an upload discards the upload and leaves the approval unchanged', async () => {
    const onClose = await openEditor();
    await uploadExtra();
    // The footer's 取消 (role queries over the whole drawer are slow in jsdom).
    fireEvent.click(document.querySelector<HTMLButtonElement>('.exm-create__footer button')!);
    expect(onClose).toHaveBeenCalledWith(false);
    await waitFor(() => expect(removals()).toEqual([extra.fileId]), { timeout: 5000 });
    expect(calls.some((c) => c.path === '/OaExamine/setGeneral')).toBe(false);
    expect(batch).toEqual([scan]);
  }, 30_000);

  it('removing a saved attachment waits for 更新, which sends it with the save', async () => {
    await openEditor();
    await uploadExtra();
    fireEvent.click(within(items()[0]!).getByRole('button', { name: '删除' }));
    await screen.findByText('您确定要删除该文件吗?');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(items()).toHaveLength(1), { timeout: 5000 });
    expect(removals()).toEqual([]);
    fireEvent.click(screen.getByTestId('examine-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === '/OaExamine/setGeneral')).toBe(true), { timeout: 8000 });
    const saved = calls.find((c) => c.path === '/OaExamine/setGeneral')!.body;
    expect(saved.removedFileIds).toEqual([scan.fileId]);
    expect(removals()).toEqual([]);
  }, 30_000);
});

describe('copy recipients of the category', () => {
  it('are shown fixed; the applicant’s own may be removed', async () => {
    await openEditor();
    const tag = (name: string) => screen.getByText(name, { selector: '.ant-tag, .ant-tag *' }).closest('.ant-tag')!;
    await waitFor(() => expect(tag('黄敏')).toBeTruthy());
    expect(tag('黄敏').querySelector('.ant-tag-close-icon')).toBeNull();
    expect(tag('李明').querySelector('.ant-tag-close-icon')).not.toBeNull();
  }, 30_000);
});
