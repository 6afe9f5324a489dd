import type { StepCondition } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deptNode } from '@/test/people';
import { factOptions } from '@/workbench/examine/condition-words';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { StepConditionEditor } from './StepConditionEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const category = {
  type: 'custom',
  fields: [
    { fieldName: 'field_1', name: '金额', formType: 'floatnumber', options: [] },
    { fieldName: 'field_2', name: '类别', formType: 'select', options: ['设备', '办公'] },
    { fieldName: 'field_3', name: '附件', formType: 'file', options: [] },
  ],
} as unknown as Parameters<typeof factOptions>[0];

function Harness({ onChange }: { onChange: (c: StepCondition | null) => void }) {
  const [value, setValue] = useState<StepCondition | null>(null);
  return (
    <StepConditionEditor
      index={0}
      value={value}
      facts={factOptions(category, '发起人部门')}
      onChange={(c) => {
        setValue(c);
        onChange(c);
      }}
    />
  );
}

describe('a step condition in the flow editor', () => {
  it('offers the department and the number and choice fields; a number condition takes a threshold', async () => {
    fakeFetch({ '/system/dept/queryDeptTree': [deptNode(2, 0, '销售部')] });
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    expect(factOptions(category, '发起人部门').map((f) => f.label)).toEqual(['发起人部门', '金额', '类别']);
    fireEvent.click(screen.getByTestId('add-condition'));
    expect(onChange).toHaveBeenLastCalledWith({ fact: 'applicantDept', op: 'in', value: [] });
    // choose 金额: the operators become comparisons
    fireEvent.mouseDown(screen.getByLabelText('第1个节点的条件字段'));
    fireEvent.click(await screen.findByTitle('金额'));
    expect(onChange).toHaveBeenLastCalledWith({ fact: 'field_1', op: 'gt', value: '' });
    fireEvent.change(screen.getByLabelText('第1个节点的条件值'), { target: { value: '5000' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ fact: 'field_1', op: 'gt', value: 5000 }));
    fireEvent.click(screen.getByLabelText('删除条件'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  }, 30_000);
});
