import type { PeriodType } from '@crm/shared';
import { Button, Select, Space, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { DeptPicker } from '@/components/dept-picker';
import { MemberSelect } from '@/components/member-picker/MemberSelect';
import type { PickedDept, PickedUser } from '@/components/member-picker/types';
import { companyToday } from '@/shell/time';
import { useBiMessages } from './messages';

const PeriodRange = lazy(() => import('./PeriodRange'));

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
        // Eight fixed choices: all drawn (a virtual list gains nothing here).
        virtual={false}
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
        <Suspense fallback={<Spin size="small" />}>
          <PeriodRange
            start={value.startTime}
            end={value.endTime}
            onChange={(startTime, endTime) => onChange({ ...value, startTime, endTime })}
          />
        </Suspense>
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
