import type { Answer } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireDetail } from '@/test/examine';
import type { ExamineDetail } from '../api';
import { fakeFetch, onlyComment, renderWithApp } from '../test-utils';
import { HrApplyPanel } from './HrApplyPanel';

const sunli = { userId: 5, realname: '孙丽', img: '', deptName: '销售一部' };
const huangmin = { userId: 10, realname: '黄敏', img: '', deptName: '人事部' };
const approved = (categoryType: string, status = 1): ExamineDetail => ({
  examineId: 1,
  recordId: 11,
  categoryId: 7,
  categoryTitle: '转正',
  categoryType,
  examineType: 2,
  icon: 1,
  fields: [],
  model: null,
  status,
  round: 1,
  content: '转正申请',
  detail: '',
  values: {},
  relation: {},
  batchId: '',
  createTime: '2026-11-22T03:00:00.000Z',
  submitTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-22T03:00:00.000Z',
  createUser: sunli,
  checkUsers: [],
  ccUsers: [],
  flow: [],
  currentStepId: null,
  returnableSteps: [],
  history: [],
  comments: [],
  permitted: onlyComment,
});

const hr = ['oa:examine:use', 'manage:users:hrApply'];
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(d: ExamineDetail, permissions = hr, applied: Answer<'/OaExamine/queryHrApply'> = null) {
  const calls = fakeFetch({
    '/OaExamine/queryOaExamineInfo': wireDetail(d),
    '/OaExamine/queryHrApply': () => applied,
    '/OaExamine/queryAdjustOptions': [{ id: 8, name: '财务部' }],
    '/OaExamine/applyHrChange': () => {
      applied = {
        applyId: 1,
        examineId: 1,
        kind: 'probation',
        user: sunli,
        before: {
          deptId: 3,
          deptName: '销售一部',
          post: '销售代表',
          parentId: 4,
          parentName: '赵强',
          confirmed: false,
        },
        after: { deptId: 3, deptName: '销售一部', post: '销售代表', parentId: 4, parentName: '赵强', confirmed: true },
        appliedBy: huangmin,
        appliedAt: '2026-11-23T02:00:00.000Z',
      };
      return applied;
    },
  });
  renderWithApp(<HrApplyPanel detail={d} />, { permissions });
  return calls;
}

describe('HR apply on the detail drawer', { timeout: 30_000 }, () => {
  it('an approved probation confirmation: HR confirms the applicant with one click, then sees it done', async () => {
    const calls = open(approved('positive'));
    const panel = await screen.findByTestId('hr-apply', {}, { timeout: 8000 });
    fireEvent.click(panel.querySelector('button')!);
    expect(await screen.findByText('确认 孙丽 转正？')).toBeTruthy();
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/OaExamine/applyHrChange')).toBe(true));
    expect(calls.find((c) => c.path === '/OaExamine/applyHrChange')!.body).toMatchObject({
      examineId: '1',
      userId: '5',
      confirm: '1',
    });
    expect((await screen.findByTestId('hr-applied', {}, { timeout: 5000 })).textContent).toContain('孙丽 已转正');
  });

  it('a transfer asks for the person, department, post and leader before applying', async () => {
    const calls = open(approved('postAdjust'));
    const panel = await screen.findByTestId('hr-apply', {}, { timeout: 8000 });
    fireEvent.click(panel.querySelector('button')!);
    await screen.findByText('调岗后部门');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    expect(await screen.findByText('调岗后部门不能为空')).toBeTruthy();
    expect(await screen.findByText('调岗后职位不能为空')).toBeTruthy();
    expect(await screen.findByText('调岗后领导不能为空')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaExamine/applyHrChange')).toBe(false);
  });

  it('a transfer starts from the approved form: the person, new department, post and leader', async () => {
    const model = { userId: 5, userName: '孙丽', newDeptId: 8, newPost: '出纳', leader: 10, leaderName: '黄敏' };
    const calls = open({ ...approved('postAdjust'), model });
    const panel = await screen.findByTestId('hr-apply', {}, { timeout: 8000 });
    fireEvent.click(panel.querySelector('button')!);
    await screen.findByText('调岗后部门');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/OaExamine/applyHrChange')).toBe(true));
    expect(calls.find((c) => c.path === '/OaExamine/applyHrChange')!.body).toMatchObject({
      examineId: '1',
      userId: '5',
      deptId: '8',
      post: '出纳',
      parentId: '10',
    });
  });

  it('shows what was applied, by whom and when', async () => {
    open(approved('positive'), hr, {
      applyId: 1,
      examineId: 1,
      kind: 'positionTransfer',
      user: sunli,
      before: { deptId: 3, deptName: '销售一部', post: '销售代表', parentId: 4, parentName: '赵强', confirmed: false },
      after: { deptId: 8, deptName: '财务部', post: '出纳', parentId: 10, parentName: '黄敏', confirmed: false },
      appliedBy: huangmin,
      appliedAt: '2026-11-23T02:00:00.000Z',
    });
    const done = await screen.findByTestId('hr-applied', {}, { timeout: 8000 });
    expect(done.textContent).toContain('孙丽：销售一部 / 销售代表 / 赵强 → 财务部 / 出纳 / 黄敏');
    expect(done.textContent).toContain('黄敏 于');
    expect(screen.queryByTestId('hr-apply')).toBeNull();
  });

  it.each([
    ['without the HR permission', approved('positive'), ['oa:examine:use']],
    ['before approval', approved('positive', 3), hr],
    ['on another type', approved('leave'), hr],
  ])('is not offered %s', async (_, d, permissions) => {
    const calls = open(d, permissions);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('hr-apply')).toBeNull();
    expect(calls.some((c) => c.path === '/OaExamine/queryHrApply')).toBe(false);
  });
});
