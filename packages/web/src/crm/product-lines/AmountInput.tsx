import { keepAmountTyping } from '@crm/shared';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

const show = (v: number) => (Number.isFinite(v) ? String(v) : '');

/**
 * A product-table amount (crm-records §5): digits with up to 2 decimals, the last typed character
 * dropped when it would break that; the number goes out on every change, the text as typed
 * ("12.") stays while the input has the focus and shows the value again when it leaves.
 */
export function AmountInput({
  value,
  onChange,
  disabled,
  width = 100,
  testId,
}: {
  value: number;
  onChange: (n: number) => void;
  disabled?: boolean;
  width?: number;
  testId?: string;
}) {
  const [text, setText] = useState(show(value));
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(show(value));
  }, [value]);
  return (
    <Input
      size="small"
      style={{ width }}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
      value={text}
      data-testid={testId}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        setText(show(value));
      }}
      onChange={(e) => {
        const next = keepAmountTyping(text, e.target.value);
        setText(next);
        onChange(next === '' || next === '.' ? 0 : Number(next));
      }}
    />
  );
}
