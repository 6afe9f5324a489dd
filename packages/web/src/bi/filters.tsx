import type { PeriodType } from '@crm/shared';
import { Button, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { DeptPicker } from '@/components/dept-picker';
import { MemberSelect, type PickedDept, type PickedUser } from '@/components/member-picker';
import { companyToday } from '@/shell/time';
import { useBiMessages } from './messages';

/** What the filter bar sends with every analysis, export and drill-down of the page. */
export type BiFilter = {
  type: PeriodType;
  startTime?: string;
  endTime?: string;
  deptId?: number;
  userId?: number;
};

const PERIODS: PeriodType[] = [
  'today',
  'yesterday',
  'week',
  'lastWeek',
  'month',
  'lastMonth',
  'quarter',
  'lastQuarter',
  'year',
  'lastYear',
  'custom',
];

type Props = {
  value: BiFilter;
  onChange: (v: BiFilter) => void;
  dept: PickedDept | null;
  user: PickedUser | null;
  onDept: (d: PickedDept | null) => void;
  onUser: (u: PickedUser | null) => void;
};

/**
 * The period (with a custom range), a department or an employee. The server decides what the
 * viewer may pick: one outside their scope answers its refusal, shown as any refusal is.
 */
export function FilterBar({ value, onChange, dept, user, onDept, onUser }: Props) {
  const t = useBiMessages();
  return (
    <Space wrap data-testid="bi-filters">
      <Select
        aria-label="period"
        data-testid="bi-period"
        style={{ width: 120 }}
        value={value.type}
        options={PERIODS.map((p) => ({ value: p, label: t(p) }))}
        onChange={(type) =>
          onChange(
            type === 'custom'
              ? {
                  ...value,
                  type,
                  // The company's days (shell/time.ts), whatever the browser's zone.
                  startTime: value.startTime ?? companyToday().startOf('month').format('YYYY-MM-DD'),
                  endTime: value.endTime ?? companyToday().format('YYYY-MM-DD'),
                }
              : { ...value, type, startTime: undefined, endTime: undefined },
          )
        }
      />
      {value.type === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(value.startTime), dayjs(value.endTime)]}
          onChange={(range) => {
            if (range?.[0] && range[1])
              onChange({ ...value, startTime: range[0].format('YYYY-MM-DD'), endTime: range[1].format('YYYY-MM-DD') });
          }}
        />
      )}
      <DeptPicker
        single
        value={dept ? [dept] : []}
        onConfirm={(ds) => {
          const d = ds[0] ?? null;
          onDept(d);
          onUser(null);
          onChange({ ...value, deptId: d?.id, userId: undefined });
        }}
      >
        <Button data-testid="bi-dept">{dept ? dept.name : t('dept')}</Button>
      </DeptPicker>
      <MemberSelect
        single
        value={user ? [user] : []}
        placeholder={t('user')}
        onChange={(us) => {
          const u = us[0] ?? null;
          onUser(u);
          onDept(null);
          onChange({ ...value, userId: u?.userId, deptId: undefined });
        }}
      />
      {(dept || user) && (
        <Button
          type="link"
          onClick={() => {
            onDept(null);
            onUser(null);
            onChange({ ...value, deptId: undefined, userId: undefined });
          }}
        >
          {t('clear')}
        </Button>
      )}
    </Space>
  );
}
