import { costRule, moneyRule } from '@crm/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumericInput } from './NumericInput';

function Harness({ rule, onChange }: { rule: typeof moneyRule; onChange: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <NumericInput
      aria-label="金额"
      rule={rule}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('金额');
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

afterEach(cleanup);

describe('NumericInput', () => {
  it('takes a sign, digits and one point; letters and a second point leave the value as it was', () => {
    const onChange = vi.fn();
    render(<Harness rule={moneyRule} onChange={onChange} />);
    type('abc');
    expect(input().value).toBe('');
    type('-12');
    expect(input().value).toBe('-12');
    type('-12a');
    type('-12e5');
    type('-1 2');
    expect(input().value).toBe('-12');
    type('-12.5');
    type('-12.5.');
    expect(input().value).toBe('-12.5');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(['-12', '-12.5']);
  });

  it('refuses a sign where the rule has none (expense costs)', () => {
    const onChange = vi.fn();
    render(<Harness rule={costRule} onChange={onChange} />);
    type('-');
    expect(input().value).toBe('');
    type('8.5');
    expect(input().value).toBe('8.5');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(['8.5']);
  });
});
