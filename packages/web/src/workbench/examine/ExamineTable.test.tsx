import type { ExamineListRow } from '@crm/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wirePage } from '@/test/examine';
import { ExamineTable } from './ExamineTable';
import { fakeFetch, renderWithApp } from './test-utils';

const row = (extra: Partial<ExamineListRow>): ExamineListRow => ({
  examineId: 1,
  recordId: 1,
  categoryId: 1,
  categoryTitle: '普通审批',
  icon: 1,
  content: '团建费用',
  status: 0,
  createTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-22T03:00:00.000Z',
  submitTime: '2026-11-22T03:00:00.000Z',
  createUserId: 5,
  createUserName: '孙丽',
  createUserImg: '',
  currentApprovers: '李明',
  urgedTime: null,
  read: null,
  ...extra,
});
const show = (tab: 'initiate' | 'waiting', list: ExamineListRow[]) => {
  fakeFetch({ '/OaExamine/myInitiate': wirePage(list), '/OaExamine/myOaExamine': wirePage(list) });
  renderWithApp(<ExamineTable tab={tab} filter={{ page: 1, limit: 15 }} onPage={() => {}} onOpen={() => {}} />);
};

afterEach(cleanup);

describe('urging (催办) in the lists', () => {
  it('the approver sees 被催办 on an urged approval waiting for them', async () => {
    show('waiting', [row({ urgedTime: '2026-11-22T04:00:00.000Z' })]);
    expect(await screen.findByText('被催办')).toBeTruthy();
  });

  it('the applicant sees 已催办, and nothing shows when nobody urged', async () => {
    show('initiate', [row({ urgedTime: '2026-11-22T04:00:00.000Z' }), row({ examineId: 2, content: '采购' })]);
    expect(await screen.findAllByText('已催办')).toHaveLength(1);
    expect(screen.queryByText('被催办')).toBeNull();
  });
});

describe('提交时间', () => {
  it('shows the latest submission, not the first, after a resubmission', async () => {
    show('initiate', [row({ createTime: '2026-11-20 10:00:00', submitTime: '2026-11-22 14:30:00' })]);
    expect(await screen.findByText('2026-11-22 14:30')).toBeTruthy();
    expect(screen.queryByText('2026-11-20 10:00')).toBeNull();
  });
});
