import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sortFields } from './list.ts';

const order = z.object(sortFields).shape.order;

describe("order: ours, antd's and the original client's names of a direction", () => {
  it.each([
    ['asc', 'asc'],
    ['desc', 'desc'],
    ['ascend', 'asc'],
    ['descend', 'desc'],
    [1, 'desc'],
    ['1', 'desc'],
    [2, 'asc'],
    ['2', 'asc'],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (sent, read) => {
    expect(order.parse(sent)).toBe(read);
  });

  it.each([[0], ['3'], ['up'], [true]])('refuses %s', (sent) => {
    expect(order.safeParse(sent).error?.issues[0]?.message).toBe('排序方式有误');
  });
});
