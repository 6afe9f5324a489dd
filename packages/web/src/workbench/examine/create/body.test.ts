import { examineFormOf, type FieldDefinition } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import type { CategoryItem } from '../api';
import { buildBody, buildDedicatedBody, summaryOf } from './body';

const fields = [
  { fieldName: 'field_1', name: '供应商', formType: 'text', isNull: 1, isUnique: 0, options: [], inputTips: '' },
  {
    fieldName: 'field_2',
    name: '采购金额',
    formType: 'floatnumber',
    isNull: 1,
    isUnique: 0,
    options: [],
    inputTips: '',
  },
  { fieldName: 'field_3', name: '附件', formType: 'file', isNull: 0, isUnique: 0, options: [], inputTips: '' },
] as FieldDefinition[];
const purchase: CategoryItem = {
  categoryId: 7,
  title: '采购申请',
  icon: 5,
  remarks: '',
  type: 'custom',
  examineType: 1,
  fields,
};
const general: CategoryItem = {
  ...purchase,
  categoryId: 1,
  title: '普通审批',
  type: 'general',
  examineType: 2,
  fields: [],
};
const u = (userId: number) => ({ userId, realname: '', img: '' });

describe('buildBody', () => {
  it('sends a custom category as fields with a summary as its content, no approvers for a fixed flow', () => {
    const body = buildBody({
      category: purchase,
      batchId: 'b-1',
      examineType: 1,
      values: {
        values: { field_1: ' 成都医美 ', field_2: '12800.5', field_3: 'batch-9' },
        levels: [u(4)],
        ccUsers: [u(10)],
      },
    });
    expect(body).toEqual({
      oaExamine: { categoryId: 7, batchId: 'b-1', content: '供应商：成都医美；采购金额：12800.5', detail: '' },
      field: [
        { fieldName: 'field_1', value: ' 成都医美 ' },
        { fieldName: 'field_2', value: '12800.5' },
        { fieldName: 'field_3', value: 'batch-9' },
      ],
      checkUserId: '',
      ccUserId: '10',
      oaExamineRelation: {},
    });
  });

  it('sends 普通审批 through its own call: content, its block, the chosen levels in order, the examineId when editing', () => {
    const body = buildDedicatedBody(examineFormOf('general')!, {
      category: general,
      examineId: 3,
      batchId: 'b-2',
      examineType: 2,
      values: { content: ' 团建 ', model: { detail: '8 人' }, levels: [u(4), u(2)], ccUsers: [] },
    });
    expect(body).toEqual({
      oaExamine: { categoryId: 1, examineId: 3, batchId: 'b-2', content: '团建' },
      oaExamineGeneral: { detail: '8 人' },
      checkUserId: '4,2',
      ccUserId: '',
      oaExamineRelation: {},
    });
  });

  it('sends a leave under oaExamineLeave; a type without content of its own sends none', () => {
    const leave = buildDedicatedBody(examineFormOf('leave')!, {
      category: { ...general, type: 'leave' },
      batchId: 'b-3',
      examineType: 2,
      values: { content: '回老家', model: { leaveType: 1, duration: 3 }, levels: [u(4)] },
    });
    expect(leave.oaExamineLeave).toEqual({ leaveType: 1, duration: 3 });
    const card = buildDedicatedBody(examineFormOf('cardReplacement')!, {
      category: { ...general, type: 'cardReplacement' },
      batchId: 'b-4',
      examineType: 2,
      values: { content: 'x', model: {}, levels: [u(4)] },
    });
    expect(card.oaExamine).toEqual({ categoryId: 1, batchId: 'b-4', content: '' });
  });

  it('summarises at most three short answers', () => {
    const many = ['a', 'b', 'c', 'd'].map((n, i) => ({ ...fields[0]!, fieldName: `f${i}`, name: n }));
    expect(summaryOf(many, { f0: '1', f1: '', f2: '3', f3: '4' })).toBe('a：1；c：3；d：4');
  });
});
