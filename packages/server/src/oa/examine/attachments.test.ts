import type { FileInfo } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * An approval's attachments are seen by exactly those who may open the approval, and files
 * uploaded while filling (or editing) its form are part of it only once the form is saved.
 */
let t: TestApp;
const { ids, as, call, signIn } = people(() => t);
let categoryId: number;

const upload = async (who: string, batchId: string, name: string) =>
  (await postMultipart<FileInfo>(t, '/file/upload', { batchId, file: file(name, fixtures.png) }, as(who))).data;
const names = async (who: string, batchId: string) => {
  const res = await call(who, '/file/queryByBatchId', { batchId });
  return res.code === 0 ? res.data.map((f: FileInfo) => f.name) : res;
};
const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'admin-token': as(who) } }).then((r) => ({
    status: r.statusCode,
    body: r.statusCode === 200 ? null : r.json(),
  }));
const refused = { code: 403, msg: '无权访问' };

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'yangfan', 'sunli', 'zhaoqiang', 'chenjing', 'huangmin', 'zhoujie', 'wufang']);
  const created = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
    title: '合同用印',
    className: '行政',
    examineType: 1,
    steps: [
      { stepType: 1, userIds: [] },
      { stepType: 2, userIds: [ids.chenjing] },
    ],
    ccUserIds: [ids.huangmin],
  });
  categoryId = created.data.categoryId;
  await call('yangfan', '/field/examineFieldSave', {
    categoryId,
    fields: [{ name: '合同文本', formType: 'file', isNull: 0 }],
  });
});
afterAll(() => t.close());

describe('attachments of an approval', () => {
  const form = 'att-form-1';
  const field = 'att-field-1';
  let examineId: number;
  let recordId: number;
  let scan: FileInfo;
  let contract: FileInfo;

  const save = (extra: Record<string, unknown> = {}) =>
    call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId, batchId: form, content: '合同用印', ...(examineId ? { examineId } : {}) },
      field: [{ fieldName: 'field_1', value: field }],
      ...extra,
    });

  it('are staged until the form is saved: the approvers-to-be see nothing yet', async () => {
    scan = await upload('sunli', form, '扫描件.png');
    contract = await upload('sunli', field, '合同.png');
    expect(scan.staged).toBe(true);
    expect(await names('sunli', form)).toEqual(['扫描件.png']);
    for (const who of ['zhaoqiang', 'chenjing', 'admin']) {
      expect(await names(who, form)).toEqual([]);
      expect((await get(who, scan.url)).body).toMatchObject(refused);
    }
  });

  it('join the approval on save and are seen by exactly those who may open it', async () => {
    const saved = await save();
    expect(saved.code).toBe(0);
    ({ examineId, recordId } = saved.data);
    // Applicant, current approver, copy recipient (set by the category) and a super admin.
    for (const who of ['sunli', 'zhaoqiang', 'huangmin', 'admin']) {
      expect(await names(who, form)).toEqual(['扫描件.png']);
      expect(await names(who, field)).toEqual(['合同.png']);
      expect((await get(who, scan.url)).status).toBe(200);
      expect((await get(who, contract.url.replace('/view/', '/download/'))).status).toBe(200);
    }
    // One rule: whoever the approval's detail refuses, its files refuse too (a later step's approver included).
    for (const who of ['chenjing', 'zhoujie', 'wufang']) {
      expect(await call(who, '/OaExamine/queryOaExamineInfo', { examineId })).toMatchObject(refused);
      expect(await names(who, form)).toMatchObject(refused);
    }
    const listed = await call('sunli', '/file/queryByBatchId', { batchId: form });
    expect(listed.data[0].staged).toBe(false);
  });

  it('are refused to anyone else who learns the batch or the address', async () => {
    for (const who of ['zhoujie', 'wufang']) {
      expect(await names(who, form)).toMatchObject(refused);
      expect(await names(who, field)).toMatchObject(refused);
      for (const url of [scan.url, scan.url.replace('/view/', '/download/'), contract.url]) {
        const res = await get(who, url);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject(refused);
      }
    }
  });

  it('change only through the approval: removing or renaming a saved file directly is refused', async () => {
    const msg = '该文件已随记录保存，请在编辑记录时修改';
    expect(await call('sunli', '/file/removeById', { id: scan.fileId })).toMatchObject({ code: 400, msg });
    expect(await call('sunli', '/file/renameFileById', { fileId: scan.fileId, name: '改名' })).toMatchObject({
      code: 400,
      msg,
    });
    expect(await names('zhaoqiang', form)).toEqual(['扫描件.png']);
  });

  it('cannot be made the public login-page logo, even by a super admin who may see them', async () => {
    expect((await get('admin', scan.url)).status).toBe(200);
    expect(await call('admin', '/sysConfig/set', { companyName: '丽颜', logo: scan.url })).toMatchObject({
      code: 400,
      msg: '企业logo须为已上传的图片',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: scan.url.replace('/file/view/', '/sysConfig/logo/') })).statusCode,
    ).toBe(404);
  });

  it('an edit that is never saved (cancelled) leaves the approval as it was', async () => {
    expect(await call('sunli', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '修改' })).toMatchObject({
      code: 0,
    });
    const extra = await upload('sunli', form, '多余的图.png');
    // The applicant's editor shows the new upload; the approval and its approvers do not.
    expect(await names('sunli', form)).toEqual(['扫描件.png', '多余的图.png']);
    expect(await names('zhaoqiang', form)).toEqual(['扫描件.png']);
    expect((await get('zhaoqiang', extra.url)).body).toMatchObject(refused);
    // The editor's cancel discards its staged upload; the approval's own file stays.
    expect((await call('sunli', '/file/removeById', { id: extra.fileId })).code).toBe(0);
    expect(await names('sunli', form)).toEqual(['扫描件.png']);
  });

  it('a saved edit attaches the new uploads and removes the files the editor removed, together', async () => {
    const added = await upload('sunli', form, '补充.png');
    expect(await names('huangmin', form)).toEqual(['扫描件.png']);
    const saved = await save({ removedFileIds: [scan.fileId] });
    expect(saved.code).toBe(0);
    for (const who of ['sunli', 'zhaoqiang', 'huangmin']) expect(await names(who, form)).toEqual(['补充.png']);
    expect((await get('zhaoqiang', added.url)).status).toBe(200);
    expect((await get('sunli', scan.url)).body).toMatchObject({ code: 404, msg: '文件不存在' });
    expect(await names('zhaoqiang', field)).toEqual(['合同.png']);
  });

  it('a refused save attaches nothing', async () => {
    const late = await upload('sunli', form, '迟到.png');
    // Under review again: not editable, so the save is refused and the upload stays staged.
    expect((await save()).code).toBe(400);
    expect(await names('zhaoqiang', form)).toEqual(['补充.png']);
    expect((await get('zhaoqiang', late.url)).status).toBe(403);
  });

  it('a file field emptied on save takes its files with it', async () => {
    expect(await call('sunli', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '修改' })).toMatchObject({
      code: 0,
    });
    const saved = await call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId, examineId, batchId: form, content: '合同用印' },
      field: [{ fieldName: 'field_1', value: '' }],
    });
    expect(saved.code).toBe(0);
    expect(await names('zhaoqiang', field)).toEqual([]);
    expect((await get('sunli', contract.url)).status).toBe(404);
  });

  it('a deleted approval shows its files to nobody', async () => {
    expect(await call('sunli', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '修改' })).toMatchObject({
      code: 0,
    });
    expect((await call('sunli', '/OaExamine/deleteOaExamine', { examineId })).code).toBe(0);
    for (const who of ['sunli', 'zhaoqiang']) expect(await names(who, form)).toMatchObject(refused);
  });
});

describe('another user naming someone else’s batch in their own approval', () => {
  it('gains nothing: the files stay with the approval they were saved with', async () => {
    const batch = 'att-victim';
    const secret = await upload('sunli', batch, '机密.png');
    const own = await call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId, batchId: batch, content: '合同用印' },
      field: [{ fieldName: 'field_1', value: 'att-victim-f' }],
    });
    expect(own.code).toBe(0);
    const copy = await call('wufang', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId, batchId: 'att-thief', content: '合同用印' },
      field: [{ fieldName: 'field_1', value: batch }],
    });
    expect(copy.code).toBe(0);
    expect(await names('wufang', batch)).toMatchObject(refused);
    expect((await get('wufang', secret.url)).status).toBe(403);
  });
});
