import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamineDetail } from '../api';
import { FormValues } from '../detail/DetailBody';
import { fakeFetch, renderWithApp } from '../test-utils';

const detail = (categoryType: string, model: unknown, content = ''): ExamineDetail =>
  ({ categoryType, model, content, detail: '', fields: [], values: {} }) as unknown as ExamineDetail;

beforeEach(() => {
  fakeFetch({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the detail views of the dedicated types (drawer and print sheet)', () => {
  it('shows every field of a leave', () => {
    renderWithApp(
      <FormValues
        detail={detail(
          'leave',
          {
            leaveType: 1,
            startTime: '2026-05-11',
            endTime: '2026-05-13',
            duration: 3,
            handoverUserName: '刘洋',
            remark: '回老家',
          },
          '家中有事请假',
        )}
      />,
    );
    const text = screen.getByTestId('detail-leave').textContent;
    for (const part of [
      '请假类型年假',
      '审批内容家中有事请假',
      '开始日期2026-05-11',
      '结束日期2026-05-13',
      '请假时长（天）3',
      '工作交接人刘洋',
      '备注回老家',
    ])
      expect(text).toContain(part);
  });

  it('shows a problem customer, a card reissue and a payment with ¥ and the capital total', () => {
    renderWithApp(
      <>
        <FormValues
          detail={detail(
            'problemCustomer',
            {
              customerName: '林婉清',
              hasOldCustomer: true,
              phone: '13912340001',
              projectName: '水光针',
              projectTime: '2026-05-01',
              trackingSituation: '已回访',
            },
            '跟进术后反馈',
          )}
        />
        <FormValues
          detail={detail('cardReplacement', {
            cardReplacementTime: '2026-05-09 09:00',
            cardReplacementMode: 'off',
            detail: '忘记打卡',
          })}
        />
        <FormValues
          detail={detail(
            'payment',
            [
              {
                money: 12345.6,
                payTime: '2026-05-01',
                payee: '成都医美',
                bankAccount: '6228',
                bankDeposit: '农行',
                cause: '货款',
              },
            ],
            '付货款',
          )}
        />
      </>,
    );
    expect(screen.getByTestId('detail-problemCustomer').textContent).toContain(
      '客户林婉清 · 老客户手机号13912340001所做项目水光针',
    );
    expect(screen.getByTestId('detail-cardReplacement').textContent).toContain('补卡模式下班卡');
    expect(screen.getByTestId('detail-payment').textContent).toContain('¥12,345.60');
    expect(screen.getByTestId('expense-total').textContent).toBe('合计：¥12,345.60大写：壹万贰仟叁佰肆拾伍元陆角');
  });

  it('shows a position transfer and a planning requirement', () => {
    renderWithApp(
      <>
        <FormValues
          detail={detail('postAdjust', {
            userName: '孙丽',
            idCard: '51010719900101123X',
            jobNumber: 'S-0012',
            entryTime: '2023-06-15',
            workingYears: 3,
            oldDeptName: '销售一部',
            oldPost: '顾问',
            cause: '业务调整',
            newDeptName: '财务部',
            newPost: '出纳',
            leaderName: '黄敏',
            adjustTime: '2026-07-01',
          })}
        />
        <FormValues
          detail={detail('planningDemand', {
            deptName: '行政部',
            codeNo: '1020001',
            codeName: '办公用品',
            count: 12,
            use: '前台日常',
            content: '打印纸十二包',
          })}
        />
      </>,
    );
    const adjust = screen.getByTestId('detail-postAdjust').textContent;
    for (const part of [
      '姓名孙丽',
      '身份证号码51010719900101123X',
      '工号S-0012',
      '工龄（年）3',
      '所属部门销售一部',
      '岗位名称顾问',
      '调岗原因业务调整',
      '调岗后部门财务部',
      '调岗后职位出纳',
      '调岗后领导黄敏',
      '调整日期2026-07-01',
    ])
      expect(adjust).toContain(part);
    expect(screen.getByTestId('detail-planningDemand').textContent).toBe(
      '申请部门行政部名称办公用品数量12用途前台日常说明打印纸十二包',
    );
  });
});
