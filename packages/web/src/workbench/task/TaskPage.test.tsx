import type { TaskDetail, TaskLabelTag, TaskRow, TaskWireRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import TaskPage from './TaskPage';

const row = (taskId: number, title: string, extra: Partial<TaskRow> = {}): TaskRow => ({
  taskId,
  title,
  priority: 0,
  status: 1,
  startTime: null,
  dueTime: null,
  dueState: 'none',
  ownerUserId: 5,
  ownerName: '孙丽',
  createUserId: 3,
  createUserName: '李明',
  parentId: null,
  parentTitle: '',
  subtaskCount: 0,
  subtaskDone: 0,
  completedTime: null,
  createTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-22T03:00:00.000Z',
  ...extra,
});
/** A list row with the original client's names of the same facts, as the server adds them (oa/task). */
const wire = (r: TaskRow & { labelList?: TaskLabelTag[] }): TaskWireRow => ({
  name: r.title,
  stopTime: r.dueTime,
  mainUser: { userId: r.ownerUserId, realname: r.ownerName, img: '' },
  childAllCount: r.subtaskCount,
  childWCCount: r.subtaskDone,
  commentCount: 0,
  isEnd: r.status === 2 ? 1 : 0,
  labelList: [],
  ...r,
});
const page = (list: (TaskRow & { labelList?: TaskLabelTag[] })[]) => ({
  list: list.map(wire),
  totalRow: list.length,
  page: 1,
  limit: 15,
});
const person = (userId: number, realname: string) => ({ userId, realname, img: '', deptName: '销售一部' });
const detail = (extra: Partial<TaskDetail> = {}): TaskDetail => ({
  ...row(9, '筹备新品发布会', { subtaskCount: 1 }),
  description: '场地、物料、邀约',
  batchId: '',
  owner: person(3, '李明'),
  creator: person(3, '李明'),
  participants: [person(5, '孙丽'), person(6, '周杰')],
  subtasks: [row(10, '确认场地', { parentId: 9, parentTitle: '筹备新品发布会' })],
  comments: [],
  labelList: [],
  permitted: {
    edit: false,
    complete: true,
    reopen: false,
    archive: false,
    restore: false,
    delete: false,
    comment: true,
    addSubtask: false,
  },
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asTask = { permissions: ['oa:task:use'] };

describe('TaskPage', { timeout: 60_000 }, () => {
  it('lists my tasks with their due state and asks the server again per tab and filter', async () => {
    const calls = fakeFetch({
      '/OaTask/queryTaskList': (body: Record<string, unknown>) =>
        page(
          body.type === '1'
            ? [row(1, '回访老客户', { dueTime: '2026-11-20T10:00:00.000Z', dueState: 'overdue' })]
            : [row(2, '整理名单')],
        ),
    });
    renderWithApp(<TaskPage />, asTask);
    await screen.findByText('回访老客户');
    expect(screen.getByTestId('task-due').textContent).toContain('已逾期');
    fireEvent.click(screen.getByTestId('task-tab-joined'));
    await screen.findByText('整理名单');
    const lists = calls.filter((c) => c.path === '/OaTask/queryTaskList');
    expect(lists.map((c) => c.body.type)).toEqual(['1', '3']);
    expect(lists[0]!.body).toMatchObject({ status: '0', due: 'all', page: '1' });
  });

  it('opens the create form from the quick-add address and sends the task with its subtasks once', async () => {
    const calls = fakeFetch({
      '/OaTask/queryTaskList': page([]),
      '/OaTask/setTask': { taskId: 9 },
      '/OaTask/queryTaskInfo': detail(),
    });
    renderWithApp(<TaskPage />, { ...asTask, route: '/workbench/task?create=1' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('task-save'));
    // The shared schema's message, before anything is sent.
    expect(await within(dialog).findByText('请输入任务名称')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaTask/setTask')).toBe(false);
    fireEvent.change(within(dialog).getByPlaceholderText('要做什么？'), { target: { value: '筹备新品发布会' } });
    const step = within(dialog).getByPlaceholderText('子任务名称，回车添加');
    fireEvent.change(step, { target: { value: '确认场地' } });
    fireEvent.keyDown(step, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByTestId('task-save'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/OaTask/setTask')).toHaveLength(1));
    const saved = calls.find((c) => c.path === '/OaTask/setTask')!.body;
    expect(saved).toMatchObject({ title: '筹备新品发布会', subtasks: [{ title: '确认场地' }], participantIds: [] });
    expect(typeof saved.batchId).toBe('string');
    // The new task opens in the drawer.
    expect(await screen.findByTestId('task-drawer-title')).toBeTruthy();
  });

  it('a participant completes a subtask and comments in the drawer; no edit or delete is offered', async () => {
    const calls = fakeFetch({
      '/OaTask/queryTaskList': page([]),
      '/OaTask/queryTaskInfo': detail(),
      '/OaTask/setTaskStatus': { status: 2 },
      '/OaTask/comment': { commentId: 1 },
    });
    renderWithApp(<TaskPage />, { ...asTask, route: '/workbench/task?taskId=9' });
    const drawer = await screen.findByTestId('task-detail');
    expect(within(drawer).getByTestId('task-participants').textContent).toBe('孙丽、周杰');
    expect(within(drawer).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(within(within(drawer).getByTestId('task-subtask')).getByRole('checkbox'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/OaTask/setTaskStatus')?.body).toEqual({ taskId: '10', status: '2' }),
    );
    fireEvent.change(within(drawer).getByPlaceholderText('说点什么…'), { target: { value: '场地已确认' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/OaTask/comment')?.body).toEqual({ taskId: '9', content: '场地已确认' }),
    );
  });

  it('shows a task’s labels, filters by label and saves the labels picked in the form', async () => {
    const labels = [
      { labelId: 1, name: '紧急', color: '#F24D70', createUserId: 3, createTime: '2026-11-22 11:00:00' },
      { labelId: 2, name: '客户', color: '#3498DB', createUserId: 3, createTime: '2026-11-22 11:00:00' },
    ];
    const calls = fakeFetch({
      '/taskLabel/getLabelList': labels,
      '/OaTask/queryTaskList': (body: Record<string, unknown>) =>
        page(
          body.labelId === '2'
            ? [{ ...row(2, '回访客户'), labelList: [{ labelId: 2, labelName: '客户', color: '#3498DB' }] }]
            : [
                { ...row(1, '发布会'), labelList: [{ labelId: 1, labelName: '紧急', color: '#F24D70' }] },
                { ...row(2, '回访客户'), labelList: [{ labelId: 2, labelName: '客户', color: '#3498DB' }] },
              ],
        ),
      '/OaTask/setTask': { taskId: 9 },
      '/OaTask/queryTaskInfo': detail({ labelList: [{ labelId: 1, labelName: '紧急', color: '#F24D70' }] }),
    });
    renderWithApp(<TaskPage />, asTask);
    await screen.findByText('发布会');
    expect(screen.getAllByTestId('task-label').map((e) => e.textContent)).toEqual(['紧急', '客户']);
    // The label filter asks the server for the tasks with that label.
    const filter = screen.getAllByRole('combobox', { name: '标签' })[0]!;
    fireEvent.mouseDown(filter);
    fireEvent.click(await screen.findByTitle('客户'));
    await waitFor(() => expect(screen.queryByText('发布会')).toBeNull());
    expect(calls.filter((c) => c.path === '/OaTask/queryTaskList').at(-1)!.body).toMatchObject({ labelId: '2' });
    // The form picks labels and sends their ids.
    fireEvent.click(screen.getByTestId('task-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('要做什么？'), { target: { value: '新任务' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '标签' }));
    const options = await screen.findAllByTitle('紧急');
    fireEvent.click(options.at(-1)!);
    fireEvent.click(within(dialog).getByTestId('task-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/OaTask/setTask')).toBe(true));
    expect(calls.find((c) => c.path === '/OaTask/setTask')!.body).toMatchObject({ title: '新任务', labelIds: [1] });
  });
});
