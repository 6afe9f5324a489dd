import { expenseSum, formatYuan, toChineseMoney } from '@crm/shared';
import { useFormsMessages } from './messages';

/** The total of the lines, in yuan and in capital numerals (the one shared function). */
export function ExpenseTotal({ lines }: { lines: { money?: unknown }[] }) {
  const t = useFormsMessages();
  const total = expenseSum(lines);
  return (
    <div className="exm-form__total" data-testid="expense-total">
      {t('total')}：<strong>{formatYuan(total)}</strong>
      <span className="exm-form__capital" data-testid="expense-capital">
        {t('totalCapital')}：{toChineseMoney(total)}
      </span>
    </div>
  );
}
