import type { WitnessCard } from '@crm/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workflowArea } from '../area';
import { openOrderPath } from './api';
import { CustomerCard } from './CustomerCard';

const card: WitnessCard = {
  visit: {
    visitId: 9,
    customerId: 4,
    customerName: '林婉清',
    mobile: '13912340001',
    storeId: 1,
    appointmentId: null,
    visitType: 1,
    status: 5,
    deptId: null,
    consultantId: 2,
    consultantName: '何雪',
    doctorId: null,
    doctorName: null,
    triageUserId: 3,
    arrivedTime: '2026-11-26 10:00:00',
    statusTime: '2026-11-26 10:20:00',
    leftTime: null,
    waited: 3,
    remark: '',
    dealStatus: 2,
    noDealReason: '价格偏高',
  },
  customer: { customerId: 4, customerName: '林婉清', mobile: '13912340001', gender: 2, ownerName: '孙丽' },
  account: {
    customerId: 4,
    principal: 12050,
    gift: 0,
    arrears: 3000,
    totalPaid: 50000,
    totalConsumed: 0,
    firstVisitTime: null,
    lastVisitTime: null,
    lastTreatmentTime: null,
    cardNumber: 'VIP-0815',
  },
  deals: [
    {
      dealId: 1,
      name: '水光针',
      sessionsBought: 5,
      sessionsLeft: 3,
      sessionsHeld: 1,
      arrears: 20000,
      expiresOn: '2027-06-30',
      status: 2,
    },
  ],
  notes: [{ noteId: 1, kind: 2, userName: '何雪', content: '面诊项目：双眼皮', createTime: '2026-11-26 10:20:00' }],
  visits: [],
  followUps: [],
};

describe('the consultation room', () => {
  it('is the witness station, behind its leaf; 开单 opens the order page in the visit', () => {
    expect(workflowArea.routes).toContainEqual({ path: 'witness', access: 'oa.workflow.witness' });
    expect(openOrderPath(4, 9)).toBe('/openOrders?customerId=4&visitId=9');
  });

  it('shows the card: money in yuan, sessions left with the held ones, deal status with its reason, notes', () => {
    render(<CustomerCard card={card} />);
    expect(screen.getByText('¥120.50')).toBeTruthy();
    expect(screen.getByText('¥30.00')).toBeTruthy();
    expect(screen.getByText('剩余 3/5 次')).toBeTruthy();
    expect(screen.getByText('（1 次退款中）')).toBeTruthy();
    expect(screen.getByText('欠款 ¥200.00')).toBeTruthy();
    expect(screen.getByText(/未成交（价格偏高）/)).toBeTruthy();
    expect(screen.getByText('面诊项目：双眼皮')).toBeTruthy();
    expect(screen.getByText('首次到店')).toBeTruthy();
    // 会员卡号 (issue 23, h-visit23).
    expect(screen.getByText('VIP-0815')).toBeTruthy();
  });
});
