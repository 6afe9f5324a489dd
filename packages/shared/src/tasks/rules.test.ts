import { describe, expect, it } from 'vitest';
import { canMoveTask, taskDueState, taskPermitted } from './rules.ts';

const now = new Date('2026-11-23T10:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

describe('taskDueState', () => {
  it.each([
    ['no due time', { status: 1, dueTime: null }, 'none'],
    ['due in three days', { status: 1, dueTime: hours(72) }, 'onTime'],
    ['due in exactly a day', { status: 1, dueTime: hours(24) }, 'dueSoon'],
    ['due in an hour', { status: 1, dueTime: hours(1) }, 'dueSoon'],
    ['due right now', { status: 1, dueTime: now }, 'dueSoon'],
    ['a minute late', { status: 1, dueTime: hours(-1 / 60) }, 'overdue'],
    ['late but done', { status: 2, dueTime: hours(-5) }, 'none'],
    ['late but archived', { status: 3, dueTime: hours(-5) }, 'none'],
    ['unreadable due time', { status: 1, dueTime: 'soon' }, 'none'],
  ] as const)('%s', (_, task, state) => {
    expect(taskDueState(task, now)).toBe(state);
  });
});

describe('canMoveTask', () => {
  it.each([
    [1, 2, true],
    [2, 1, true],
    [1, 3, true],
    [2, 3, true],
    [3, 1, true],
    [3, 2, false],
    [1, 1, false],
    [2, 2, false],
    [9, 1, false],
  ])('%i → %i: %s', (from, to, ok) => {
    expect(canMoveTask(from, to)).toBe(ok);
  });
});

describe('taskPermitted', () => {
  const base = { isManager: false, isCreator: false, isSubtask: false, status: 1 };
  it('a participant completes and comments, never edits, archives or deletes', () => {
    expect(taskPermitted(base)).toEqual({
      edit: false,
      complete: true,
      reopen: false,
      archive: false,
      restore: false,
      delete: false,
      comment: true,
      addSubtask: false,
    });
  });
  it('a manager edits, archives and adds subtasks to an open task; the creator also deletes', () => {
    expect(taskPermitted({ ...base, isManager: true })).toMatchObject({ edit: true, archive: true, addSubtask: true });
    expect(taskPermitted({ ...base, isManager: true, isCreator: true }).delete).toBe(true);
  });
  it('a subtask has no subtasks of its own', () => {
    expect(taskPermitted({ ...base, isManager: true, isSubtask: true }).addSubtask).toBe(false);
  });
  it('a done task is reopened, not completed; an archived one is read-only until restored', () => {
    expect(taskPermitted({ ...base, status: 2 })).toMatchObject({ complete: false, reopen: true });
    expect(taskPermitted({ ...base, isManager: true, status: 3 })).toMatchObject({
      edit: false,
      complete: false,
      reopen: false,
      archive: false,
      restore: true,
      comment: false,
      addSubtask: false,
    });
  });
});
