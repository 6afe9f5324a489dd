import { describe, expect, it } from 'vitest';
import { Msg } from '../api/messages.ts';
import { fileBatchSchema, fileRenameSchema, fileUploadFieldsSchema, sysConfigSetSchema } from './files.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('file schemas', () => {
  it('defaults the upload type to file and a blank batch to none', () => {
    expect(fileUploadFieldsSchema.parse({ batchId: '' })).toEqual({ type: 'file', batchId: undefined });
    expect(fileUploadFieldsSchema.parse({ type: 'img', batchId: 'abc-123' })).toEqual({
      type: 'img',
      batchId: 'abc-123',
    });
  });
  it.each([
    [fileUploadFieldsSchema, { type: 'exe' }, Msg.fileUploadTypeInvalid],
    [fileUploadFieldsSchema, { batchId: '../etc' }, Msg.batchIdRequired],
    [fileBatchSchema, {}, Msg.batchIdRequired],
    [fileBatchSchema, { batchId: 'x'.repeat(41) }, Msg.batchIdRequired],
    [fileRenameSchema, { fileId: 1, name: '  ' }, Msg.fileNameRequired],
    [fileRenameSchema, { fileId: '', name: 'a' }, Msg.fileNotFound],
    [sysConfigSetSchema, { companyName: '企'.repeat(51) }, Msg.companyNameTooLong],
    [sysConfigSetSchema, { portalUrl: 'javascript:alert(1)' }, Msg.portalUrlInvalid],
    [sysConfigSetSchema, { portalUrl: 'ftp://x.com' }, Msg.portalUrlInvalid],
    [sysConfigSetSchema, { logo: 'https://evil.example/a.png' }, Msg.logoInvalid],
  ])('refuses %#', (schema, input, msg) => {
    expect(firstMessage(schema.safeParse(input))).toBe(msg);
  });
  it('accepts settings with an empty or http(s) portal', () => {
    expect(sysConfigSetSchema.parse({ companyName: ' 美丽医美 ', portalUrl: '' })).toEqual({
      companyName: '美丽医美',
      portalUrl: '',
      logo: undefined,
    });
    expect(sysConfigSetSchema.parse({ portalUrl: 'https://portal.example.com/home?a=1' }).portalUrl).toBe(
      'https://portal.example.com/home?a=1',
    );
  });
});

describe('sysConfigSetSchema timeZone', () => {
  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    [' America/New_York ', 'America/New_York'],
    ['utc', 'UTC'],
  ])('keeps %j as %j', (zone, out) => {
    expect(sysConfigSetSchema.parse({ timeZone: zone }).timeZone).toBe(out);
  });
  it.each(['Mars/Olympus', '+08:00', '', 8, null])('refuses %j with the field message', (zone) => {
    expect(sysConfigSetSchema.safeParse({ timeZone: zone }).error?.issues[0]?.message).toBe(Msg.timeZoneInvalid);
  });
});
