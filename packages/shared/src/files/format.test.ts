import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  fileExtension,
  fitFileName,
  formatFileSize,
  isImageName,
  keepExtension,
  truncateFileName,
} from './format.ts';
import { downloadUrlOf, fileKeyOfUrl } from './urls.ts';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Byte'],
    [1, '1 Byte'],
    [1023, '1023 Byte'],
    [1024, '1.00 kB'],
    [1536, '1.50 kB'],
    [1024 * 1024 - 1, '1024.00 kB'],
    [1024 * 1024, '1.00 MB'],
    [3.5 * 1024 * 1024, '3.50 MB'],
    [20 * 1024 * 1024 * 1024, '20480.00 MB'],
    [-5, '0 Byte'],
    [Number.NaN, '0 Byte'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('truncateFileName', () => {
  const n25 = `${'a'.repeat(21)}.pdf`;
  it.each([
    ['', ''],
    ['合同.pdf', '合同.pdf'],
    [n25, n25],
    [`b${n25}`, `b${'a'.repeat(21)}.pd...`],
    [
      '客户资料汇总表客户资料汇总表客户资料汇总表客户资料汇总表.xlsx',
      '客户资料汇总表客户资料汇总表客户资料汇总表客户资料...',
    ],
    // 26 characters, each outside the BMP: cut by character, never in half.
    ['😀'.repeat(26), `${'😀'.repeat(25)}...`],
  ])('%s → %s', (name, shown) => {
    expect(truncateFileName(name)).toBe(shown);
  });
  it('takes another limit', () => {
    expect(truncateFileName('abcdef', 3)).toBe('abc...');
  });
});

describe('fileExtension and keepExtension', () => {
  it.each([
    ['a.PDF', 'pdf'],
    ['a.tar.gz', 'gz'],
    ['noext', ''],
    ['.hidden', ''],
    ['trailing.', ''],
    ['a.中文', ''],
  ])('extension of %s is %s', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
  it.each([
    ['final', 'report.pdf', 'final.pdf'],
    ['final.pdf', 'report.pdf', 'final.pdf'],
    ['final.PDF', 'report.pdf', 'final.PDF'],
    ['final.docx', 'report.pdf', 'final.docx.pdf'],
    ['  spaced  ', 'a.png', 'spaced.png'],
    ['notes', 'README', 'notes'],
  ])('renaming to %s keeps the extension of %s: %s', (next, current, result) => {
    expect(keepExtension(next, current)).toBe(result);
  });
});

describe('isImageName', () => {
  it.each([
    ['a.jpg', true],
    ['a.JPEG', true],
    ['a.png', true],
    ['a.webp', true],
    ['a.svg', false],
    ['a.pdf', false],
    ['png', false],
  ])('%s → %s', (name, image) => {
    expect(isImageName(name)).toBe(image);
  });
});

describe('file urls', () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUvWx';
  it.each([
    [`/file/view/${key}`, key],
    [`/file/download/${key}`, key],
    [`/sysConfig/logo/${key}`, key],
    ['/file/view/short', null],
    [`/file/view/${key}/x`, null],
    ['https://example.com/a.png', null],
  ])('key of %s is %s', (url, k) => {
    expect(fileKeyOfUrl(url)).toBe(k);
  });
  it('maps preview addresses to download addresses', () => {
    expect(downloadUrlOf(`/file/view/${key}`)).toBe(`/file/download/${key}`);
    expect(downloadUrlOf('https://example.com/a.png')).toBe('https://example.com/a.png');
  });
});

describe('cleanFileName (upload and rename alike)', () => {
  it.each([
    ['报价.pdf', '报价.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\a\\合同.docx', '合同.docx'],
    ['a\r\nb.txt', 'ab.txt'],
    ['\u0000x\u007f.png', 'x.png'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['..', ''],
    ['dir/', ''],
    ['', ''],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });
});

describe('fitFileName', () => {
  it('keeps short names and the extension of long ones, cutting by character', () => {
    expect(fitFileName('a.pdf', 10)).toBe('a.pdf');
    expect(fitFileName(`${'报'.repeat(20)}.pdf`, 10)).toBe('报报报报报报.pdf');
    expect(fitFileName('😀'.repeat(12), 10)).toBe('😀'.repeat(10));
  });
});
