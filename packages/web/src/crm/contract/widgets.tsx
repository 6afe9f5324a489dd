import { customerKind, type RecordRow } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { type PickedRecord, RecordLinkPicker } from '@/components/record-picker';
import type { WidgetProps, WidgetRegistry } from '../form/layout/types';
import type { ProductLinesValue } from '../product-lines/model';
import { ProductLinesField } from '../product-lines/ProductLinesField';
import { contractApi } from './api';
import { customerIdOf, type Labelled } from './form-source';

/**
 * The contract and receivable forms' own widgets (crm-records 2–4): the customer picked from the
 * customer list, the opportunity, approved contract and free plan each among the chosen parent's,
 * and the day, method and product inputs. Another choice's consequences (emptied children, an
 * opportunity's products) are the forms' `onValuesChange`.
 */
type Props = WidgetProps<RecordRow | undefined>;

const DAY = 'YYYY-MM-DD';

/** The customer: a button naming the chosen one that opens the customer link picker (single). */
function CustomerPicker({ id, value, onChange, disabled, placeholder }: Props) {
  const [open, setOpen] = useState(false);
  const chosen = (value as PickedRecord[] | undefined) ?? [];
  return (
    <>
      <Button
        id={id}
        disabled={disabled}
        data-testid="choose-customer"
        block
        style={{ textAlign: 'left' }}
        onClick={() => setOpen(true)}
      >
        {chosen[0]?.name || placeholder}
      </Button>
      <RecordLinkPicker
        open={open}
        kind={customerKind}
        prefix="CrmCustomer"
        single
        value={chosen}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          setOpen(false);
          // The same customer again changes nothing (its opportunity and contract stay).
          if (picked[0]?.id !== chosen[0]?.id) onChange?.(picked);
        }}
      />
    </>
  );
}

/** A choice among the chosen parent's records (a customer's opportunities, approved contracts; a contract's plans). */
type Among = {
  testId: string;
  /** The form value naming the parent, and its id in it. */
  parent: string;
  parentId: (value: unknown) => number | undefined;
  /** The parent's choices, as options. */
  load: (parentId: number) => Promise<{ value: number; label: string }[]>;
  clearable?: boolean;
  /** A choice the parent no longer offers but the record holds (editing: its own plan). */
  kept?: (record: RecordRow | undefined, parentId: number | undefined) => { value: number; label: string } | undefined;
};

/**
 * One of the chosen parent's records, shown by its label before its choices arrive
 * (`labelInValue`); nothing to choose before a parent is chosen.
 */
function AmongParent({ of, id, value, onChange, disabled, placeholder, ctx }: Props & { of: Among }) {
  const parentId = of.parentId(Form.useWatch(of.parent, ctx.form));
  const choices = useQuery({
    queryKey: ['crm', 'contractForm', of.testId, parentId],
    queryFn: () => of.load(parentId!),
    enabled: parentId !== undefined && !disabled,
  });
  const options = useMemo(() => {
    const list = choices.data ?? [];
    const kept = of.kept?.(ctx.context, parentId);
    return kept && !list.some((o) => o.value === kept.value) ? [kept, ...list] : list;
  }, [choices.data, of, ctx.context, parentId]);
  return (
    <Select
      id={id}
      data-testid={of.testId}
      labelInValue
      allowClear={of.clearable}
      value={value as Labelled | undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder ?? ctx.t('choose')}
      disabled={disabled || parentId === undefined}
      loading={choices.isFetching}
      options={options}
    />
  );
}
/** A widget choosing among a parent's records; made once per widget at module level, so each keeps one identity. */
const among = (of: Among) => (props: Props) => <AmongParent {...props} of={of} />;

/** A contract's opportunity: one of the chosen customer's (choosing one brings its products: form.tsx). */
const BusinessSelect = among({
  testId: 'contract-business',
  parent: 'customer',
  parentId: customerIdOf,
  clearable: true,
  load: async (customerId) =>
    (await contractApi.businessOfCustomer(customerId)).list.map((b) => ({
      value: Number(b.businessId),
      label: String(b.businessName),
    })),
});

/** A receivable's contract: one of the chosen customer's approved contracts. */
const ApprovedContractSelect = among({
  testId: 'receivable-contract',
  parent: 'customer',
  parentId: customerIdOf,
  load: async (customerId) =>
    (await contractApi.approvedContracts(customerId)).list.map((c) => ({
      value: Number(c.contractId),
      label: String(c.num),
    })),
});

/** A receivable's plan: one of the chosen contract's plans no receivable uses yet. */
const PlanSelect = among({
  testId: 'receivable-plan',
  parent: 'contract',
  parentId: (v) => (v as Labelled | undefined)?.value,
  clearable: true,
  load: async (contractId) =>
    (await contractApi.freePlans(contractId)).map((p) => ({ value: p.planId, label: String(p.num) })),
  // Editing: the plan this receivable already uses is not free, but stays choosable under its contract.
  kept: (record, contractId) =>
    Number(record?.planId) > 0 && Number(record?.contractId) === contractId
      ? { value: Number(record?.planId), label: String(record?.planNum ?? record?.planId) }
      : undefined,
});

/** A day, held as the `YYYY-MM-DD` text the save schema reads. */
function DayInput({ id, value, onChange, onBlur, disabled }: Props) {
  const day = typeof value === 'string' && value ? dayjs(value, DAY) : null;
  return (
    <DatePicker
      id={id}
      format={DAY}
      style={{ width: '100%' }}
      value={day?.isValid() ? day : null}
      disabled={disabled}
      onChange={(d) => onChange?.(d ? d.format(DAY) : '')}
      onBlur={onBlur}
    />
  );
}

/** One of the fixed field's declared options (回款方式), or none. */
function Choice({ id, value, onChange, disabled, ctx }: Props) {
  return (
    <Select
      id={id}
      allowClear
      value={(value as string) || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      placeholder={ctx.t('choose')}
      disabled={disabled}
      options={(ctx.fixed?.options ?? []).map((o) => ({ value: o, label: o }))}
    />
  );
}

/** A contract's product lines (crm-records 3, 5): the shared block and its arithmetic. */
function ProductLines({ value, onChange, disabled }: Props) {
  return (
    <ProductLinesField
      value={value as ProductLinesValue | undefined}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
    />
  );
}

export const reviewFormWidgets: WidgetRegistry = {
  customer: CustomerPicker,
  business: BusinessSelect,
  approvedContract: ApprovedContractSelect,
  plan: PlanSelect,
  date: DayInput,
  choice: Choice,
  productLines: ProductLines,
};
