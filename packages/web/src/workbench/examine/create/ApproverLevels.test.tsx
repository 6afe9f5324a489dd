import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryItem, FlowInfo } from '../api';
import { fakeFetch, renderWithApp } from '../test-utils';
import { ApproverLevels, type Levels, MAX_LEVELS } from './ApproverLevels';
import type { CreateValues } from './body';
import { CreateForm } from './CreateForm';
import { chineseOrdinal } from './messages';

const person = (userId: number, realname: string) => ({ userId, realname, img: '' });

function Controlled({ initial }: { initial: Levels }) {
  const [levels, setLevels] = useState<Levels>(initial);
  return <ApproverLevels value={levels} onChange={setLevels} />;
}

const levels = () => screen.getAllByTestId('approver-level');
const addButton = () => screen.queryByText('添加下一级审批人');

beforeEach(() => {
  fakeFetch({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApproverLevels', { timeout: 20_000 }, () => {
  it('adds a level only when the last one has a person, removes only the last, edits only the last', () => {
    renderWithApp(<Controlled initial={[null]} />);
    expect(levels()).toHaveLength(1);
    expect(levels()[0]!.textContent).toContain('第一级');
    expect(addButton()).toBeNull();
    expect(screen.queryByLabelText('删除最后一级')).toBeNull();
    cleanup();

    renderWithApp(<Controlled initial={[person(4, '赵强')]} />);
    fireEvent.click(addButton()!);
    expect(levels()).toHaveLength(2);
    expect(levels()[1]!.textContent).toContain('第二级');
    // The first level is fixed now: no picker, its person cannot be removed.
    expect(within(levels()[0]!).queryByText('选择审批人')).toBeNull();
    expect(levels()[0]!.querySelector('.ant-tag-close-icon')).toBeNull();
    expect(within(levels()[1]!).getByText('选择审批人')).toBeTruthy();
    // The new level is empty: no add button until it has a person.
    expect(addButton()).toBeNull();
    fireEvent.click(screen.getByLabelText('删除最后一级'));
    expect(levels()).toHaveLength(1);
    expect(screen.queryByLabelText('删除最后一级')).toBeNull();
    expect(levels()[0]!.querySelector('.ant-tag-close-icon')).not.toBeNull();
  });

  it('names the levels up to 第二十级 and stops adding at twenty', () => {
    expect([1, 10, 11, 19, 20].map(chineseOrdinal)).toEqual(['一', '十', '十一', '十九', '二十']);
    renderWithApp(<Controlled initial={Array.from({ length: MAX_LEVELS }, (_, i) => person(i + 1, `人${i + 1}`))} />);
    expect(levels()).toHaveLength(20);
    expect(levels()[19]!.textContent).toContain('第二十级');
    expect(addButton()).toBeNull();
  });
});

const general: CategoryItem = {
  categoryId: 1,
  title: '普通审批',
  icon: 1,
  remarks: '',
  type: 'general',
  examineType: 2,
  fields: [],
};
const chosen: FlowInfo = { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' };

function Harness({ onValid }: { onValid: (v: CreateValues) => void }) {
  const [form] = Form.useForm<CreateValues>();
  return (
    <>
      <CreateForm form={form} category={general} batchId="b1" flow={chosen} />
      <Button
        onClick={() =>
          form.validateFields().then(
            () => onValid(form.getFieldsValue(true)),
            () => {},
          )
        }
      >
        check
      </Button>
    </>
  );
}

describe('the general approval form', { timeout: 20_000 }, () => {
  it('asks for content, details and an approver before submitting (至少选择一个审批人)', async () => {
    const onValid = vi.fn();
    renderWithApp(<Harness onValid={onValid} />);
    // The type's form is code-split: it arrives after the first render.
    await screen.findByPlaceholderText('请输入审批内容', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('check'));
    expect(await screen.findByText('请输入审批内容')).toBeTruthy();
    expect(await screen.findByText('请输入审批详情')).toBeTruthy();
    expect(await screen.findByText('至少选择一个审批人')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('上传图片')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入审批内容'), { target: { value: '团建经费' } });
    fireEvent.change(screen.getByPlaceholderText('请输入审批详情'), { target: { value: '8 人' } });
    fireEvent.click(screen.getByText('check'));
    await waitFor(() => expect(screen.getAllByText('至少选择一个审批人')).toHaveLength(1));
    expect(onValid).not.toHaveBeenCalled();
  });
});

function LevelsHarness({ initial }: { initial: Levels }) {
  const [form] = Form.useForm<CreateValues>();
  useEffect(() => form.setFieldsValue({ levels: initial }), [form, initial]);
  return (
    <>
      <CreateForm form={form} category={general} batchId="b1" flow={chosen} />
      <Button onClick={() => form.validateFields(['levels']).catch(() => {})}>check levels</Button>
    </>
  );
}

describe('the approver levels’ rule', { timeout: 20_000 }, () => {
  it('a level added and left empty: 审批人不能为空', async () => {
    renderWithApp(<LevelsHarness initial={[person(4, '赵强'), null]} />);
    await screen.findAllByText('赵强');
    fireEvent.click(screen.getByText('check levels'));
    expect(await screen.findByText('审批人不能为空', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('至少选择一个审批人')).toBeNull();
  });
});

describe('the general approval form’s text rules (the server’s, from @crm/shared)', { timeout: 20_000 }, () => {
  it('limits 审批内容 to 100 and 审批详情 to 800 characters and refuses control characters by name', async () => {
    renderWithApp(<Harness onValid={vi.fn()} />);
    const content = (await screen.findByPlaceholderText('请输入审批内容', {}, { timeout: 8000 })) as HTMLInputElement;
    const detail = screen.getByPlaceholderText('请输入审批详情') as HTMLTextAreaElement;
    expect([content.maxLength, detail.maxLength]).toEqual([100, 800]);
    fireEvent.change(content, { target: { value: '团建\u0007经费' } });
    expect(await screen.findByText('审批内容不能包含控制字符')).toBeTruthy();
    fireEvent.change(detail, { target: { value: '第一行\n第二行' } });
    fireEvent.click(screen.getByText('check'));
    expect(await screen.findByText('至少选择一个审批人', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('审批内容不能包含控制字符')).toBeTruthy();
    expect(screen.queryByText('审批详情不能包含控制字符')).toBeNull();
  });
});
