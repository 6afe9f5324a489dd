import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamineDetail } from '../api';
import { FormValues } from '../detail/DetailBody';
import { fakeFetch, renderWithApp } from '../test-utils';

beforeEach(() => {
  fakeFetch({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the additional order’s view (drawer and print sheet)', () => {
  it('shows the content, the task and every field of every guest', () => {
    const guest = {
      formType: 1,
      customerName: '林婉清',
      phone: '13912340001',
      age: '32',
      gender: 2,
      hasOldCustomer: true,
      shopOwnerName: '丽人医美会所',
      bossMobile: '13800001001',
      ownerUserDeptName: '销售一部',
      relation: '赵强',
      subTime: '2026-06-01',
      deptNames: ['皮肤科', '整形科'],
      appointDesignerName: '李设计',
      hasStoreShareholder: true,
      ownerShareholderTypeName: '店家股东',
      needCap: '需要接送',
      otherName: '林母',
      otherPhone: '13912349999',
      projectContent: '水光针复诊',
      tips: '对酒精过敏',
      remark: '周六上午',
    };
    const detail = {
      categoryType: 'additionalOrder',
      content: '周末加单',
      oaExamine: { taskId: 1, taskName: '到店加单' },
      model: [guest, { ...guest, formType: 2, customerName: '王芳', gender: 0, hasStoreShareholder: false }],
      detail: '',
      fields: [],
      values: {},
    } as unknown as ExamineDetail;
    renderWithApp(<FormValues detail={detail} />);
    const text = screen.getByTestId('detail-additionalOrder').textContent;
    for (const part of [
      '审批内容周末加单',
      '任务类型到店加单',
      '客人1',
      '客人类型客户',
      '客户姓名林婉清',
      '电话13912340001',
      '年龄32',
      '性别女',
      '新老客户老客户',
      '所属店家丽人医美会所',
      '老板电话13800001001',
      '负责人部门销售一部',
      '店家三级赵强',
      '预约日期2026-06-01',
      '科室皮肤科、整形科',
      '指定设计师李设计',
      '店家股东是',
      '股东类型店家股东',
      '需求说明需要接送',
      '紧急联系人林母',
      '紧急联系电话13912349999',
      '项目/客情水光针复诊',
      '注意事项对酒精过敏',
      '备注周六上午',
      '客人2',
      '客人类型店家',
      '客户姓名王芳',
      '性别未知',
      '店家股东否',
    ])
      expect(text).toContain(part);
  });
});
