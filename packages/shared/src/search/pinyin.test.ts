import { describe, expect, it } from 'vitest';
import { pinyinKeyMatches, pinyinSearchKey } from './pinyin.ts';

describe('pinyinSearchKey', () => {
  it.each([
    ['张三', 'zhangsan zs'],
    ['李四美容院', 'lisimeirongyuan lsmry'],
    ['ABC 美容', 'abcmeirong abcmr'],
    ['吕布', 'lvbu lb'],
    ['admin', 'admin'],
    ['', ''],
  ])('%s → %s', (name, key) => {
    expect(pinyinSearchKey(name)).toBe(key);
  });

  it.each([
    ['张三', 'zs', true],
    ['张三', 'zhangsan', true],
    ['张三', 'zhang', true],
    ['张三', 'ZS', true],
    ['张三', 'zhang san', true],
    ['张三', 'ls', false],
    ['张三', 'lisi', false],
    ['张三', '', false],
  ])('%s found by "%s": %s', (name, query, found) => {
    expect(pinyinKeyMatches(pinyinSearchKey(name), query)).toBe(found);
  });
});
