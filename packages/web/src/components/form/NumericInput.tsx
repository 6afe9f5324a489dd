import { isNumericDraft, type NumericRule } from '@crm/shared';
import { Input, type InputProps, type InputRef } from 'antd';
import { useRef } from 'react';

export type NumericInputProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  /** The shared rule of the value (numberRule, moneyRule, costRule, …). */
  rule: NumericRule;
  value?: string | number | null;
  onChange?: (text: string) => void;
};

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The one input of every number and money field: it takes only what the rule allows on the way
 * to a value (an optional sign, digits, one point), so a letter typed or pasted leaves the value
 * as it was. Digit counts stay the finished value's check, whose message names them.
 * The value is the typed text ('12.' while typing); '' when empty.
 */
export function NumericInput({ rule, value, onChange, ...rest }: NumericInputProps) {
  const ref = useRef<InputRef>(null);
  const current = text(value);
  return (
    <Input
      {...rest}
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      value={current}
      onChange={(e) => {
        const next = e.target.value;
        if (isNumericDraft(rule, next)) {
          onChange?.(next);
          return;
        }
        // Refused: React puts the old text back; keep the caret where the person was typing.
        const caret = Math.max(0, (e.target.selectionStart ?? next.length) - (next.length - current.length));
        requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
      }}
    />
  );
}
