import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FieldMsg, type NumericRule, numericPattern } from '@crm/shared';
import { Button, message } from 'antd';
import type { ReactNode } from 'react';
import { NumericInput } from '@/components/form/NumericInput';
import { useDynamicFormMessages } from './messages';

/**
 * Repeatable item rows (expense and trip lists): every item but the first can be deleted
 * (删除明细成功), and one more can be added at the end.
 */
export function ItemList<T>({
  items,
  onChange,
  create,
  renderItem,
  footer,
  disabled,
  testId,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  create: () => T;
  renderItem: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  footer?: ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  const t = useDynamicFormMessages();
  const [toast, holder] = message.useMessage();
  const update = (i: number) => (patch: Partial<T>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const remove = (i: number) => {
    onChange(items.filter((_, j) => j !== i));
    void toast.success(t('deleteItemDone'));
  };
  return (
    <div className="df-items" data-testid={testId}>
      {items.map((item, i) => (
        // Rows have no id of their own; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <section key={i} className="df-item" data-testid={`${testId}-item`}>
          <header className="df-item__head">
            <span className="df-item__title">{t('item', { n: i + 1 })}</span>
            {i > 0 && !disabled && (
              <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(i)}>
                {t('deleteItem')}
              </Button>
            )}
          </header>
          {renderItem(item, update(i), i)}
        </section>
      ))}
      <div className="df-items__foot">
        {!disabled && (
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...items, create()])}>
            {t('addItem')}
          </Button>
        )}
        <span className="df-items__grow" />
        {footer}
      </div>
      {holder}
    </div>
  );
}

/** The rule's message when a filled-in value breaks it (item rows have no form item of their own). */
export function numericError(rule: NumericRule, value: unknown): string | null {
  const text = value === undefined || value === null ? '' : String(value);
  return text === '' || numericPattern(rule).test(text) ? null : FieldMsg[rule.digitsOf];
}

/** A number cell of an item row: the shared number input, and the rule's message under it. */
export function NumberCell({
  label,
  rule,
  value,
  onChange,
  disabled,
  prefix,
}: {
  label: string;
  rule: NumericRule;
  value: unknown;
  onChange: (text: string) => void;
  disabled?: boolean;
  prefix?: ReactNode;
}) {
  const error = numericError(rule, value);
  return (
    <Cell label={label} error={error}>
      <NumericInput
        aria-label={label}
        rule={rule}
        prefix={prefix}
        disabled={disabled}
        status={error ? 'error' : undefined}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={onChange}
      />
    </Cell>
  );
}

/** A labelled cell of an item row, with the message of a value that breaks its rule. */
export function Cell({
  label,
  children,
  wide,
  error,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  error?: string | null;
}) {
  return (
    <div className={wide ? 'df-cell df-cell--wide' : 'df-cell'}>
      <div className="df-cell__label">{label}</div>
      {children}
      {error && (
        <div className="df-cell__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
