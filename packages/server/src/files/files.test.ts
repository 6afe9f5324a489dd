import { type FileInfo, fillMsg, Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sweepStaged } from './attach.ts';
import { localDiskStorage } from './storage.ts';
import { file, fixtures, postMultipart } from './test-helpers.ts';

let t: TestApp;
let admin: string;
let sunli: string;
let zhoujie: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, sunli, zhoujie] = await Promise.all([t.login('admin'), t.login('sunli'), t.login('zhoujie')]);
});
afterAll(() => t.close());

const upload = (parts: Parameters<typeof postMultipart>[2], token = sunli) =>
  postMultipart<FileInfo>(t, '/file/upload', parts, token);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('POST /file/upload', () => {
  it('stores an image, starts a batch and answers the file', async () => {
    const res = await upload({ type: 'img', file: file('合同扫描件.png', fixtures.png, 'image/png') });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: '合同扫描件.png',
      size: fixtures.png.length,
      type: 'img',
      mime: 'image/png',
      createUserName: '孙丽',
    });
    expect(res.data.batchId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.data.url).toMatch(/^\/file\/view\/[\w-]{24}$/);
    expect(res.data.fileId).toBeGreaterThan(0);
  });

  it('adds to a given batch, whatever the order of the parts', async () => {
    const res = await upload({ file: file('名单.txt', fixtures.text, 'text/plain'), batchId: 'batch-a', type: 'file' });
    expect(res.data).toMatchObject({ batchId: 'batch-a', type: 'file', mime: 'text/plain; charset=utf-8' });
  });

  it('takes files of several megabytes (the JSON body limit does not apply)', async () => {
    const big = Buffer.concat([fixtures.pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await upload({ file: file('big.pdf', big, 'application/pdf') });
    expect(res).toMatchObject({ code: 0, data: { size: big.length } });
  });

  it.each([
    ['no file', { type: 'file' }, Msg.fileRequired],
    ['an empty file', { file: file('empty.txt', Buffer.alloc(0)) }, Msg.fileRequired],
    ['an unknown upload type', { type: 'exe', file: file('a.png', fixtures.png) }, Msg.fileUploadTypeInvalid],
    ['a malformed batch', { batchId: '../x', file: file('a.png', fixtures.png) }, Msg.batchIdRequired],
  ])('refuses %s', async (_case, parts, msg) => {
    expect(await upload(parts)).toMatchObject({ code: 400, msg });
  });

  it('refuses a body that is not multipart', async () => {
    expect(await t.post('/file/upload', { type: 'file' }, sunli)).toMatchObject({ code: 400, msg: Msg.fileRequired });
  });

  it.each([
    ['an executable claiming to be a PNG', file('photo.png', fixtures.exe, 'image/png')],
    ['an executable', file('setup.exe', fixtures.exe, 'application/x-msdownload')],
    ['HTML claiming to be a PNG', file('page.png', fixtures.html, 'image/png')],
    ['HTML', file('page.html', fixtures.html, 'text/html')],
    ['SVG with a script', file('logo.svg', fixtures.svg, 'image/svg+xml')],
    ['an installer (compound file not named as Office)', file('setup.msi', fixtures.cfb)],
  ])('refuses %s: the content decides, not the declared type', async (_case, part) => {
    expect(await upload({ file: part })).toMatchObject({ code: 400, msg: Msg.fileTypeRejected });
  });

  it('type img refuses a PDF and an executable', async () => {
    for (const part of [file('scan.pdf', fixtures.pdf, 'application/pdf'), file('x.png', fixtures.exe, 'image/png')])
      expect(await upload({ type: 'img', file: part })).toMatchObject({ code: 400, msg: Msg.fileNotImage });
  });

  it('accepts legacy Office, archives and fixes a misleading extension', async () => {
    expect((await upload({ file: file('报价.doc', fixtures.cfb) })).data.mime).toBe('application/msword');
    expect((await upload({ file: file('资料.zip', fixtures.zip) })).data.mime).toBe('application/zip');
    expect((await upload({ file: file('photo.exe', fixtures.png) })).data.name).toBe('photo.exe.png');
  });

  it('needs a session', async () => {
    expect(await upload({ file: file('a.png', fixtures.png) }, '')).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });

  it('answers the size message when the limit is passed', async () => {
    const tooBig = Buffer.concat([fixtures.pdf, Buffer.alloc(t.config.uploadMaxMb * 1024 * 1024)]);
    expect(await upload({ file: file('huge.pdf', tooBig) })).toMatchObject({
      code: 400,
      msg: fillMsg(Msg.fileTooLarge, { size: t.config.uploadMaxMb }),
    });
  });
});

describe('POST /file/queryByBatchId', () => {
  it('lists the uploader’s staged files of a batch in upload order, marked staged', async () => {
    await upload({ batchId: 'batch-q', file: file('一.png', fixtures.png) }, sunli);
    await upload({ batchId: 'batch-q', file: file('二.pdf', fixtures.pdf) }, sunli);
    const res = await t.post('/file/queryByBatchId', { batchId: 'batch-q' }, sunli);
    expect(res.code).toBe(0);
    expect(res.data.map((f: FileInfo) => [f.name, f.createUserName, f.type, f.staged])).toEqual([
      ['一.png', '孙丽', 'file', true],
      ['二.pdf', '孙丽', 'file', true],
    ]);
    expect(res.data[0]).toHaveProperty('createTime');
  });
  it('shows nobody else an upload that no record has saved, not even a super admin', async () => {
    await upload({ batchId: 'batch-s', file: file('草稿.png', fixtures.png) }, sunli);
    await upload({ batchId: 'batch-s', file: file('周杰.png', fixtures.png) }, zhoujie);
    const names = async (token: string) =>
      (await t.post('/file/queryByBatchId', { batchId: 'batch-s' }, token)).data.map((f: FileInfo) => f.name);
    expect(await names(sunli)).toEqual(['草稿.png']);
    expect(await names(zhoujie)).toEqual(['周杰.png']);
    expect(await names(admin)).toEqual([]);
  });
  it('answers an empty list for an unknown batch', async () => {
    expect((await t.post('/file/queryByBatchId', { batchId: 'nothing-here' }, sunli)).data).toEqual([]);
  });
  it('needs a batch id', async () => {
    expect(await t.post('/file/queryByBatchId', {}, sunli)).toMatchObject({ code: 400, msg: Msg.batchIdRequired });
  });
  it('needs a session', async () => {
    expect((await t.post('/file/queryByBatchId', { batchId: 'batch-q' })).code).toBe(302);
  });
});

describe('POST /file/removeById', () => {
  it('lets the uploader remove a file; its address then answers not found', async () => {
    const { data } = await upload({ file: file('a.png', fixtures.png) }, sunli);
    expect(await t.post('/file/removeById', { id: data.fileId }, sunli)).toMatchObject({ code: 0 });
    expect((await get(data.url, { 'admin-token': sunli })).json()).toMatchObject({ code: 404, msg: Msg.fileNotFound });
    expect(await t.post('/file/removeById', { id: data.fileId }, sunli)).toMatchObject({
      code: 404,
      msg: Msg.fileNotFound,
    });
  });
  it('refuses anyone else but a super admin', async () => {
    const { data } = await upload({ file: file('a.png', fixtures.png) }, sunli);
    expect(await t.post('/file/removeById', { id: data.fileId }, zhoujie)).toMatchObject({
      code: 403,
      msg: Msg.forbidden,
    });
    expect((await t.post('/file/removeById', { id: data.fileId }, admin)).code).toBe(0);
  });
  it('validates the id and needs a session', async () => {
    expect(await t.post('/file/removeById', { id: '' }, sunli)).toMatchObject({ code: 400, msg: Msg.fileNotFound });
    expect((await t.post('/file/removeById', { id: 1 })).code).toBe(302);
  });
});

describe('POST /file/renameFileById', () => {
  it('renames, keeping the extension of the content', async () => {
    const { data } = await upload({ file: file('scan.pdf', fixtures.pdf) }, sunli);
    const res = await t.post('/file/renameFileById', { fileId: data.fileId, name: '  最终版 ' }, sunli);
    expect(res).toMatchObject({ code: 0, data: { fileId: data.fileId, name: '最终版.pdf' } });
    const admins = await t.post('/file/renameFileById', { fileId: data.fileId, name: '归档.pdf' }, admin);
    expect(admins.data.name).toBe('归档.pdf');
  });
  it.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\报价.pdf', '报价.pdf'],
    ['报价\r\nSet-Cookie: a=b.pdf', '报价Set-Cookie: a=b.pdf'],
    ['合同\u202Efdp.exe', '合同fdp.exe.pdf'],
  ])('applies the upload’s name rules: %j becomes %j', async (name, stored) => {
    const { data } = await upload({ file: file('scan.pdf', fixtures.pdf) }, sunli);
    const res = await t.post('/file/renameFileById', { fileId: data.fileId, name }, sunli);
    expect(res).toMatchObject({ code: 0, data: { name: stored } });
    expect((await t.post('/file/queryByBatchId', { batchId: data.batchId }, sunli)).data[0].name).toBe(stored);
  });
  it('refuses a name that is only a path or dots', async () => {
    const { data } = await upload({ file: file('scan.pdf', fixtures.pdf) }, sunli);
    for (const name of ['../', '..', 'a/\r\n'])
      expect(await t.post('/file/renameFileById', { fileId: data.fileId, name }, sunli)).toMatchObject({
        code: 400,
        msg: '请输入文件名',
      });
  });
  it('refuses an empty name, another user, an unknown file and no session', async () => {
    const { data } = await upload({ file: file('scan.pdf', fixtures.pdf) }, sunli);
    expect(await t.post('/file/renameFileById', { fileId: data.fileId, name: ' ' }, sunli)).toMatchObject({
      code: 400,
      msg: Msg.fileNameRequired,
    });
    expect(await t.post('/file/renameFileById', { fileId: data.fileId, name: 'x' }, zhoujie)).toMatchObject({
      code: 403,
      msg: Msg.forbidden,
    });
    expect(await t.post('/file/renameFileById', { fileId: 999999, name: 'x' }, sunli)).toMatchObject({
      code: 404,
      msg: Msg.fileNotFound,
    });
    expect((await t.post('/file/renameFileById', { fileId: data.fileId, name: 'x' })).code).toBe(302);
  });
});

describe('GET /file/view/:key and /file/download/:key', () => {
  let png: FileInfo;
  let text: FileInfo;
  beforeAll(async () => {
    png = (await upload({ type: 'img', file: file('客户照片.png', fixtures.png) })).data;
    text = (await upload({ file: file('<script>.txt', fixtures.html) })).data;
  });

  it('streams an image inline with its type to a session header', async () => {
    const res = await get(png.url, { 'admin-token': sunli });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(fixtures.png)).toBe(true);
  });

  it('accepts the Admin-Token cookie on GET (for <img src>)', async () => {
    const res = await get(png.url, { cookie: `theme=dark; Admin-Token=${encodeURIComponent(sunli)}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fixtures.png)).toBe(true);
  });

  it('refuses anyone but the uploader while the file is staged, with 无权访问', async () => {
    for (const url of [png.url, png.url.replace('/view/', '/download/')]) {
      for (const token of [zhoujie, admin]) {
        const res = await get(url, { 'admin-token': token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, msg: '无权访问' });
      }
    }
  });

  it('answers code 302 without a header or a cookie', async () => {
    const res = await get(png.url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });

  it('downloads as an attachment with the UTF-8 name (RFC 5987)', async () => {
    const res = await get(png.url.replace('/view/', '/download/'), { 'admin-token': sunli });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('客户照片.png')}`,
    );
  });

  it('never shows text inline, and forbids scripts', async () => {
    const res = await get(text.url, { 'admin-token': sunli });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="<script>.txt"; /);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers not found for an unknown or malformed key', async () => {
    for (const url of ['/file/view/AAAAAAAAAAAAAAAAAAAAAAAA', '/file/view/..%2F..%2Fetc', '/file/download/x'])
      expect((await get(url, { 'admin-token': sunli })).json()).toMatchObject({ code: 404, msg: Msg.fileNotFound });
  });
});

describe('staged uploads nobody saved', () => {
  it('are swept a day after upload; files saved with a record are kept', async () => {
    const abandoned = (await upload({ file: file('草稿.png', fixtures.png) }, sunli)).data;
    const logo = await postMultipart(
      t,
      '/sysConfig/set',
      { companyName: '丽颜', file: file('logo.png', fixtures.png) },
      admin,
    );
    const storage = localDiskStorage(t.config.dataDir);
    expect(await sweepStaged(t.database.db, storage, new Date(Date.now() + 3600_000))).toBe(0);
    expect(await sweepStaged(t.database.db, storage, new Date(Date.now() + 25 * 3600_000), 1000)).toBeGreaterThan(0);
    expect((await get(abandoned.url, { 'admin-token': sunli })).json()).toMatchObject({ code: 404, msg: '文件不存在' });
    expect((await get(logo.data.logo)).statusCode).toBe(200);
  });
});

describe('POST /file/ueditorConfig', () => {
  it('answers the editor limits and the upload types the file service accepts', async () => {
    const res = await t.post('/file/ueditorConfig', {}, sunli);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      wordLimit: 10000,
      draftAutosaveMs: 500,
      undoDepth: 20,
      tableMaxCols: 20,
      tableMaxRows: 100,
      tablePickerGrid: 10,
      attachmentMaxFiles: 100,
      uploadMaxMb: t.config.uploadMaxMb,
    });
    expect(res.data.imageTypes).toEqual(expect.arrayContaining(['jpg', 'png', 'gif']));
    expect(res.data.imageTypes).not.toContain('svg');
    expect(res.data.videoTypes).toContain('mp4');
    expect(res.data.fileTypes).toEqual(expect.arrayContaining(['pdf', 'docx', 'xls', 'txt']));
  });

  it('needs a session', async () => {
    expect((await t.post('/file/ueditorConfig', {})).code).toBe(302);
  });
});
