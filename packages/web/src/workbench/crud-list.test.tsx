import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteLink, FormDialog } from './crud-list';
import { renderWithApp } from './examine/test-utils';

afterEach(cleanup);

const texts = { save: '保存', cancel: '取消', saved: '保存成功' };
const dialog = (onSave: () => Promise<boolean>, onDone = vi.fn()) => {
  renderWithApp(
    <FormDialog title="新建题库" texts={texts} onSave={onSave} onDone={onDone}>
      <span>表单</span>
    </FormDialog>,
  );
  return onDone;
};

describe('the admin lists’ form dialog', { timeout: 20_000 }, () => {
  it('closes as saved, saying so, once the save succeeds', async () => {
    const onDone = dialog(async () => true);
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('stays open when the form refuses or the server does, and closes unsaved on 取消', async () => {
    const refused = dialog(async () => false);
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(refused).not.toHaveBeenCalled();
    cleanup();
    const failed = dialog(() => Promise.reject(new Error('名称已存在')));
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(failed).not.toHaveBeenCalled();
    expect(screen.getByText('表单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    expect(failed).toHaveBeenCalledWith(false);
  });
});

describe('the delete link', { timeout: 20_000 }, () => {
  it('deletes only once confirmed, then says so and reads the list again', async () => {
    const onDelete = vi.fn(async () => null);
    const onDeleted = vi.fn(async () => {});
    renderWithApp(
      <DeleteLink confirm="删除这个题库？" label="删除" done="已删除" onDelete={onDelete} onDeleted={onDeleted} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /删\s?除/ }));
    await screen.findByText('删除这个题库？');
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('已删除')).toBeTruthy();
  });
});
