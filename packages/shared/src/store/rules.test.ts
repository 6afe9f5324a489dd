import { describe, expect, it } from 'vitest';
import { moneyOnBlur } from './rules.ts';
import { storeFormSchema } from './schemas.ts';

describe('moneyOnBlur (spec 5.1)', () => {
  it.each([
    ['12.345', '12.34'],
    ['12.999', '12.99'],
    ['0012.5', '12.5'],
    ['100', '100'],
    ['-1', '0'],
    ['abc', '0'],
    ['', '0'],
    ['1e3', '0'],
    [' 7.1 ', '7.1'],
  ])('%j → %j', (typed, shown) => expect(moneyOnBlur(typed)).toBe(shown));
});

describe('storeFormSchema gifts and signing', () => {
  const base = {
    name: '林小美',
    phone: '13800138000',
    idCard: '510104199001011234',
    shopName: '星河美学馆',
    otherManage: '林店长',
    shopAddress: '成都市锦江区',
    relation: '3',
    projectClass: '1',
    signing: '0',
    signTime: '2026-11-01',
    money: '1',
  };
  const first = (extra: object) => {
    const r = storeFormSchema.safeParse({ ...base, ...extra });
    return r.success ? null : r.error.issues[0]!.message;
  };
  it.each([
    [{ giveProject: '微整项目,手术项目' }, null],
    [{ giveProject: '微整项目,手术项目,3800券4张' }, '赠送项目最多选择2项'],
    [{ giveProject: '别的项目' }, '赠送项目有误'],
    [{ signing: '0,3' }, null],
    [{ signing: '5' }, '签约目标有误'],
    [{ hasSign: true }, '请选择日期'],
    [{ hasSign: true, signTimes: '2026-11-02' }, null],
  ])('%j → %s', (extra, msg) => expect(first(extra)).toBe(msg));
});
