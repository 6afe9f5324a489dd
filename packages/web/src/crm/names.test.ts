import { businessKind, contractKind, customerKind } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { columnName, kindName, sceneName, wordIn } from './names';

// English that is English (issue 26): the system's words by their declared English names, the
// administrator's words as typed, and Chinese left as the server sends it.
describe('names in the reader’s language', () => {
  it('names a kind, its fixed, system and computed columns in English', () => {
    expect(kindName('en', customerKind)).toBe('Customer');
    expect(columnName('en', customerKind, 'customerName', '客户名称')).toBe('Name');
    expect(columnName('en', customerKind, 'ownerUserName', '负责人')).toBe('Owner');
    expect(columnName('en', contractKind, 'checkStatus', '审核状态')).toBe('Review status');
  });

  it('keeps a custom field’s name and every name in Chinese as sent', () => {
    expect(columnName('en', customerKind, 'field_1', '会员等级')).toBe('会员等级');
    expect(columnName('zh', customerKind, 'customerName', '客户全称')).toBe('客户全称');
    expect(kindName('zh', customerKind)).toBe('客户');
  });

  it('names a system scene in English and a user’s scene as saved', () => {
    expect(sceneName('en', customerKind, { name: '全部', isSystem: true })).toBe('All');
    expect(sceneName('en', customerKind, { name: '全部', isSystem: false })).toBe('全部');
    expect(sceneName('zh', customerKind, { name: '全部', isSystem: true })).toBe('全部');
  });

  it('names the system’s choice words in English, nothing else', () => {
    expect(wordIn('en', '男')).toBe('Male');
    expect(wordIn('en', '草稿')).toBe('Draft');
    expect(wordIn('en', '赢单')).toBe('Won');
    expect(wordIn('en', '林婉清')).toBe('林婉清');
    expect(wordIn('zh', '男')).toBe('男');
    expect(wordIn('en', 3)).toBe(3);
    expect(businessKind.nameEn).toBe('Opportunity');
  });
});
