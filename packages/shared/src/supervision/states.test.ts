import { describe, expect, it } from 'vitest';
import { type CheckAction, checkMove } from './states.ts';

describe('checkMove', () => {
  it.each<[number, CheckAction, number]>([
    [1, 'start', 2],
    [1, 'edit', 1],
    [2, 'record', 2],
    [2, 'submit', 3],
    [1, 'cancel', 4],
    [2, 'cancel', 4],
  ])('from %i %s leads to %i', (from, action, to) => {
    expect(checkMove(from, action)).toEqual({ ok: true, to });
  });

  it.each<[number, CheckAction, string]>([
    [1, 'record', '请先开始检查'],
    [1, 'submit', '请先开始检查'],
    [2, 'start', '检查已开始'],
    [2, 'edit', '检查已开始，不能再修改计划'],
    [3, 'submit', '检查已完成，不能再修改'],
    [3, 'cancel', '检查已完成，不能再修改'],
    [4, 'start', '检查已取消'],
    [4, 'record', '检查已取消'],
  ])('from %i refuses %s with its message', (from, action, msg) => {
    expect(checkMove(from, action)).toEqual({ ok: false, msg });
  });
});
