import { describe, expect, it } from 'vitest';
import { clampTable, fileFits, normaliseLink, wordStatus } from './rules';

describe('normaliseLink', () => {
  it.each([
    ['www.example.com', 'http://www.example.com', true],
    ['example.com/a?b=1', 'http://example.com/a?b=1', true],
    ['localhost:8080/x', 'http://localhost:8080/x', true],
    ['//cdn.example.com/x', 'http://cdn.example.com/x', true],
    ['http://a.cn', 'http://a.cn', false],
    ['HTTPS://a.cn/x', 'HTTPS://a.cn/x', false],
    ['mailto:a@b.cn', 'mailto:a@b.cn', false],
    ['tel:13800000000', 'tel:13800000000', false],
    ['/file/download/abc', '/file/download/abc', false],
    ['  a.cn  ', 'http://a.cn', true],
  ])('%s → %s', (raw, href, added) => {
    expect(normaliseLink(raw)).toEqual({ href, protocolAdded: added });
  });

  it.each(['javascript:alert(1)', 'JavaScript:void(0)', 'data:text/html,x', 'vbscript:x', '', '   '])(
    'refuses %s',
    (raw) => {
      expect(normaliseLink(raw)).toBeNull();
    },
  );
});

describe('clampTable', () => {
  it('keeps a table within 100 rows and 20 columns', () => {
    expect(clampTable(5, 5)).toEqual({ rows: 5, cols: 5 });
    expect(clampTable(100, 20)).toEqual({ rows: 100, cols: 20 });
    expect(clampTable(101, 21)).toEqual({ rows: 100, cols: 20 });
    expect(clampTable(0, -3)).toEqual({ rows: 1, cols: 1 });
    expect(clampTable(Number.NaN, 2.7)).toEqual({ rows: 1, cols: 2 });
  });
});

describe('wordStatus', () => {
  it('counts text without tags and is over past the limit', () => {
    expect(wordStatus('<p>你好 <strong>世界</strong></p>')).toEqual({ count: 5, limit: 10000, over: false });
    expect(wordStatus(`<p>${'字'.repeat(10000)}</p>`).over).toBe(false);
    expect(wordStatus(`<p>${'字'.repeat(10001)}</p>`).over).toBe(true);
    expect(wordStatus('<p>abc</p>', 2).over).toBe(true);
  });
});

describe('fileFits', () => {
  it('checks the extension and the size', () => {
    expect(fileFits({ name: 'a.PNG', size: 10 }, ['png'], 1)).toBeNull();
    expect(fileFits({ name: 'a.svg', size: 10 }, ['png'], 1)).toBe('type');
    expect(fileFits({ name: 'a.png', size: 2 * 1024 * 1024 }, ['png'], 1)).toBe('size');
  });
});
