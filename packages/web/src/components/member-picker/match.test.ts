import { beforeAll, describe, expect, it } from 'vitest';
import { loadPinyin, textMatches, userMatches } from './match';

beforeAll(() => loadPinyin());

describe('textMatches', () => {
  it.each([
    ['张三', 'zs', true],
    ['张三', 'zhangsan', true],
    ['张三', 'zhang', true],
    ['张三', 'zhangs', true],
    ['张三', 'ZS', true],
    ['张三', '张', true],
    ['张三', 'ls', false],
    ['张三', 'lisi', false],
    ['李四美容院', 'mry', true],
    ['李四美容院', 'meirong', true],
    ['李四美容院', 'lsmry', true],
    ['李四美容院', 'zs', false],
    ['吕布', 'lvbu', true],
  ])('%s found by "%s": %s', (text, query, found) => {
    expect(textMatches(text, query)).toBe(found);
  });

  it('matches substrings, pinyin initials and full pinyin', () => {
    for (const q of ['张', '三', 'zs', 'zhangsan', 'zhangs', 'ZS', 'zhang san'])
      expect(textMatches('张三', q)).toBe(true);
    for (const q of ['ls', 'zx', 'lisi', '李']) expect(textMatches('张三', q)).toBe(false);
  });
  it('needs consecutive characters for pinyin', () => {
    expect(textMatches('张三丰', 'sf')).toBe(true);
    expect(textMatches('张三丰', 'zf')).toBe(false);
  });
  it('matches users by realname or username', () => {
    expect(userMatches({ realname: '系统管理员', username: 'admin' }, 'adm')).toBe(true);
    expect(userMatches({ realname: '系统管理员', username: 'admin' }, 'xtgly')).toBe(true);
    expect(userMatches({ realname: '系统管理员', username: 'admin' }, 'zz')).toBe(false);
  });
});
