import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import RichTextEditor from './Editor';

const config = {
  wordLimit: 10000,
  draftAutosaveMs: 500,
  undoDepth: 20,
  tableMaxCols: 20,
  tableMaxRows: 100,
  tablePickerGrid: 10,
  attachmentMaxFiles: 100,
  uploadMaxMb: 20,
  imageTypes: ['png', 'jpg'],
  videoTypes: ['mp4'],
  fileTypes: ['pdf', 'png'],
};

let latest = '';
// antd spaces two-character Chinese button labels (确 认).
const okButton = () => screen.getByRole('button', { name: /^确\s?认$/ });
function Harness({ initial = '', draftKey }: { initial?: string; draftKey?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      value={value}
      batchId="b1"
      draftKey={draftKey}
      onChange={(html) => {
        latest = html;
        setValue(html);
      }}
    />
  );
}

// ProseMirror measures the selection to scroll it into view; jsdom has no layout.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  for (const proto of [Range.prototype, Text.prototype, Element.prototype] as { getClientRects?: unknown }[])
    proto.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  latest = '';
});

describe('RichTextEditor', { timeout: 30_000 }, () => {
  it('warns past the word limit with the spec’s message, not at it', async () => {
    fakeFetch({ '/file/ueditorConfig': config });
    renderWithApp(<Harness initial={`<p>${'字'.repeat(10000)}</p>`} />);
    expect((await screen.findByTestId('rt-word-count')).textContent).toBe('字数 10000/10000');
    expect(screen.queryByText('字数超出最大允许值，服务器可能拒绝保存！')).toBeNull();
    cleanup();
    renderWithApp(<Harness initial={`<p>${'字'.repeat(10001)}</p>`} />);
    expect(await screen.findByText('字数超出最大允许值，服务器可能拒绝保存！')).toBeTruthy();
    expect(screen.getByTestId('rt-word-count').textContent).toBe('字数 10001/10000');
  });

  it('adds http:// to a link without a protocol and says so', async () => {
    fakeFetch({ '/file/ueditorConfig': config });
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByTestId('rt-link'));
    fireEvent.change(await screen.findByTestId('link-url'), { target: { value: 'www.example.com' } });
    expect(await screen.findByText('您输入的超链接中不包含http等协议名称，默认将为您添加http://前缀')).toBeTruthy();
    fireEvent.change(screen.getByTestId('link-text'), { target: { value: '官网' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(latest).toContain('href="http://www.example.com"'));
    expect(latest).toContain('官网');
  });

  it('keeps a link with its protocol as typed and refuses a script address', async () => {
    fakeFetch({ '/file/ueditorConfig': config });
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByTestId('rt-link'));
    fireEvent.change(await screen.findByTestId('link-url'), { target: { value: 'javascript:alert(1)' } });
    expect(screen.queryByTestId('link-protocol-warning')).toBeNull();
    fireEvent.click(okButton());
    expect(await screen.findByText('链接地址有误，只能是 http、https、mailto 或 tel 地址')).toBeTruthy();
    fireEvent.change(screen.getByTestId('link-url'), { target: { value: 'https://a.cn' } });
    expect(screen.queryByTestId('link-protocol-warning')).toBeNull();
    fireEvent.click(okButton());
    await waitFor(() => expect(latest).toContain('href="https://a.cn"'));
  });

  it('inserts a table of the size picked on the grid', async () => {
    fakeFetch({ '/file/ueditorConfig': config });
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByTestId('rt-table'));
    fireEvent.click(await screen.findByTestId('table-cell-2-3'));
    await waitFor(() => expect(latest).toContain('<table'));
    expect(latest.match(/<tr>/g)).toHaveLength(2);
    expect(latest.match(/<td/g)).toHaveLength(6);
  });

  it('offers a saved draft back', async () => {
    fakeFetch({ '/file/ueditorConfig': config });
    localStorage.setItem('rich-text-draft:notice-new', '<p>没写完的公告</p>');
    renderWithApp(<Harness draftKey="notice-new" />);
    fireEvent.click(await screen.findByRole('button', { name: '恢复草稿' }));
    await waitFor(() => expect(latest).toBe('<p>没写完的公告</p>'));
  });
});
