import { describe, expect, it } from 'vitest';
import { avatarText } from './avatar';

describe('avatarText', () => {
  it.each([
    ['张小明', '小明'],
    ['欧阳娜娜', '娜娜'],
    ['李明', '李明'],
    ['王', '王'],
    ['admin', 'in'],
    ['  孙丽  ', '孙丽'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['𠮷野家', '野家'],
  ])('%s → %s', (name, expected) => {
    expect(avatarText(name)).toBe(expected);
  });
});
