import type { Answer } from '@crm/shared';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Answers, RawReply } from '@/test/answers';
import { recordDetail } from '@/test/crm-records';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import OpenOrdersPage from './OpenOrdersPage';

/** The 开单 page's tests' fake server and steps: 陈雨桐 (id 4) and two catalogue projects. */

export const project = (projectId: number, name: string, price: number, salesPrice: number, sessions: number) => ({
  projectId,
  classId: 1,
  className: '光电美肤',
  name,
  code: `XM${projectId}`,
  pinyin: '',
  unit: '次',
  price,
  salesPrice,
  minPrice: 0,
  cost: 0,
  sessions,
  validityMonths: 12,
  needsVerify: true,
  settleDeptId: 7,
  settleDeptName: '皮肤科',
  verifyDeptId: null,
  verifyDeptName: '',
  countsAsDeal: true,
  earnsPerformance: true,
  earnsPoints: true,
  convertClassId: null,
  convertClassName: '',
  partIds: [],
  partNames: [],
  remark: '',
  enabled: true,
  sort: 0,
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
});
export const projects = [project(1, '光子嫩肤', 128_000, 88_000, 5), project(2, '水光针', 198_000, 128_000, 3)];
export const floors: Record<number, number> = { 1: 68_000, 2: 98_000 };
/** One answer of the order's save, in the order the test's saves are made. */
export type SaveAnswer = Answer<'/CrmCustomerProjectDealRecord/save'> | RawReply;
export const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

export function open(saveAnswers: SaveAnswer[], route = '/openOrders?customerId=4', extra: Answers = {}) {
  const calls = fakeFetch({
    ...extra,
    '/CrmCustomer/queryById': recordDetail({
      customerId: 4,
      customerName: '陈雨桐',
      mobile: '13800000001',
      shopOwnerName: '悦美门店',
    }),
    '/clinic/account/info': {
      customerId: 4,
      principal: 50_000,
      gift: 10_000,
      arrears: 12_345,
      totalPaid: 0,
      totalConsumed: 0,
      firstVisitTime: null,
      lastVisitTime: null,
      lastTreatmentTime: null,
      cardNumber: null,
    },
    '/clinic/order/catalogue': {
      classes: [{ classId: 1, name: '光电美肤', pid: null, sort: 0, enabled: true, projectCount: 2, children: [] }],
      parts: [],
      depts: [{ deptId: 7, name: '皮肤科' }],
    },
    '/clinic/order/projects': { list: projects, totalRow: 2, page: 1, limit: 10 },
    '/clinic/order/floor': (b: Record<string, unknown>) => ({
      rate: null,
      lines: (b.lines as { projectId: number; quantity: number }[]).map((l) => ({
        ...l,
        price: 0,
        salesPrice: 0,
        floor: floors[l.projectId]! * l.quantity,
      })),
    }),
    '/CrmCustomerProjectDealRecord/save': () => saveAnswers.shift()!,
  });
  renderWithApp(
    <Routes>
      <Route path="/openOrders" element={<OpenOrdersPage />} />
      <Route path="/crm/customer/:id" element={<div>客户详情页</div>} />
    </Routes>,
    { permissions: ['crm:dealRecord:save', 'crm:dealRecord:update', 'crm:customer:read'], route },
  );
  return calls;
}

export const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string, value: string) => {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
};
export const payable = () => screen.getByTestId('order-payable').textContent;
