import { describe, expect, it } from 'vitest';
import { sniff } from './sniff.ts';
import { fixtures } from './test-helpers.ts';
import { storedName } from './upload.ts';

describe('sniff', () => {
  it.each([
    ['a.png', fixtures.png, 'image/png', true],
    ['a.jpeg', fixtures.jpg, 'image/jpeg', true],
    ['a.pdf', fixtures.pdf, 'application/pdf', false],
    ['a.doc', fixtures.cfb, 'application/msword', false],
    ['a.XLS', fixtures.cfb, 'application/vnd.ms-excel', false],
    ['a.zip', fixtures.zip, 'application/zip', false],
    ['a.txt', fixtures.text, 'text/plain; charset=utf-8', false],
    ['a.csv', Buffer.from([0xbf, 0xcd, 0xbb, 0xa7, 0x0a]), 'text/csv; charset=gb18030', false],
    // The name does not decide for types with magic bytes: a PNG called .pdf is a PNG.
    ['a.pdf', fixtures.png, 'image/png', true],
  ])('%s is allowed as %s', async (name, bytes, mime, image) => {
    expect(await sniff(name, bytes)).toMatchObject({ mime, image });
  });

  it.each([
    ['setup.exe', fixtures.exe],
    ['photo.png', fixtures.exe],
    ['installer.msi', fixtures.cfb],
    ['page.html', fixtures.html],
    ['page.png', fixtures.html],
    ['logo.svg', fixtures.svg],
    ['binary.txt', Buffer.from([0x68, 0x69, 0x00, 0x01])],
    ['noext', fixtures.text],
  ])('%s is refused', async (name, bytes) => {
    expect(await sniff(name, bytes)).toBeNull();
  });
});

describe('storedName', () => {
  const png = { ext: 'png', mime: 'image/png', image: true };
  const jpg = { ext: 'jpg', mime: 'image/jpeg', image: true };
  it.each([
    ['合同扫描件.png', png, '合同扫描件.png'],
    ['photo', png, 'photo.png'],
    ['photo.exe', png, 'photo.exe.png'],
    ['photo.JPEG', jpg, 'photo.JPEG'],
    ['C:\\fakepath\\a.png', png, 'a.png'],
    ['a\u0000b\n.png', png, 'ab.png'],
    ['   ', png, 'file.png'],
    [`${'长'.repeat(250)}.png`, png, `${'长'.repeat(196)}.png`],
  ])('%s → %s', (name, sniffed, stored) => {
    expect(storedName(name, sniffed)).toBe(stored);
  });
});
