import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type PayMethod, parseYuan } from '@crm/shared';
import { Button, Input, Select, Space } from 'antd';
// Cash methods switched off or renamed (/manager/system-project, issue 25, h-apps).
import { usePayMethodSetting } from '@/manager/system-project/pay-methods';
import type { PaymentBody } from './api';
import { useCashierMessages } from './messages';

export type PaymentRow = { method: PayMethod; amount: string };

/** The rows as the calls take them (yuan text) and in fen; blank rows are left out; the first mistyped amount's message. */
export function readPayments(rows: PaymentRow[]): {
  body: PaymentBody[];
  fen: { method: PayMethod; amount: number }[];
  error?: string;
} {
  const body: PaymentBody[] = [];
  const fen: { method: PayMethod; amount: number }[] = [];
  for (const r of rows) {
    const text = r.amount.trim();
    if (text === '') continue;
    const parsed = parseYuan(text, { label: '金额' });
    if (!parsed.ok) return { body: [], fen: [], error: parsed.msg };
    body.push({ method: r.method, amount: text });
    fen.push({ method: r.method, amount: parsed.fen });
  }
  return { body, fen };
}

/**
 * Method + amount rows (mixed payment): each method offered once, amounts in yuan. The checks
 * themselves are the shared ones (checkCharge, checkTopUp) and the server's.
 */
export function PaymentRows({
  rows,
  methods,
  onChange,
}: {
  rows: PaymentRow[];
  methods: readonly PayMethod[];
  onChange: (rows: PaymentRow[]) => void;
}) {
  const t = useCashierMessages();
  const used = new Set(rows.map((r) => r.method));
  const setting = usePayMethodSetting();
  const free = methods.filter((m) => !used.has(m) && setting.isOn(m));
  const set = (i: number, patch: Partial<PaymentRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => (
        <Space key={r.method} className="cashier-pay-row">
          <Select
            aria-label={t('method')}
            style={{ width: 130 }}
            value={r.method}
            options={[r.method, ...free].map((m) => ({ value: m, label: setting.label(m, t(m)) }))}
            onChange={(m) => set(i, { method: m })}
          />
          <Input
            aria-label={`${t(r.method)} ${t('amount')}`}
            style={{ width: 160 }}
            inputMode="decimal"
            placeholder={t('amount')}
            value={r.amount}
            onChange={(e) => set(i, { amount: e.target.value })}
          />
          {rows.length > 1 && (
            <Button
              aria-label={t('remove')}
              icon={<DeleteOutlined />}
              type="text"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      {free.length > 0 && (
        <Button
          icon={<PlusOutlined />}
          type="dashed"
          onClick={() => onChange([...rows, { method: free[0]!, amount: '' }])}
        >
          {t('addMethod')}
        </Button>
      )}
    </Space>
  );
}
