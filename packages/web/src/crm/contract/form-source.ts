import { contractKind, type RecordKind, type RecordRow, receivablesKind } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { FieldValues } from '@/components/dynamic-form/values';
import type { PickedRecord } from '@/components/record-picker';
import { useLang } from '@/i18n';
import { recordApi, recordKeys } from '../api';
import type { FormSource, FormWords, KindForm } from '../form/layout/types';
import type { ReviewPart } from '../form/ReviewBlock';
import { kindBase } from '../kind-base';
import { kindName } from '../names';
import { emptyProductLines, type ProductLinesValue } from '../product-lines/model';
import { fetchProductLines, productLinesKey } from '../product-lines/ProductLinesTab';
import { useContractMessages } from './messages';

/**
 * What the contract and receivable forms share (their kinds' forms: form.tsx, receivables-form.tsx):
 * the words, the record to edit, the labelled choices and the review part of the save body.
 */

/** A chosen record shown by its label before its choices have arrived (antd `labelInValue`). */
export type Labelled = { value: number; label: string };

/** A stored link as a labelled choice; none when the record has none. */
export const labelled = (id: unknown, label: unknown): Labelled | undefined =>
  Number(id) > 0 ? { value: Number(id), label: String(label ?? id) } : undefined;

/** The record's customer as the customer picker holds it (none: an empty pick). */
export const pickedCustomer = (r: RecordRow): PickedRecord[] =>
  Number(r.customerId) > 0 ? [{ id: Number(r.customerId), name: text(r.customerName) }] : [];

/** The chosen customer's id as the form holds it (the picker's single pick). */
export const customerIdOf = (v: unknown) => (Array.isArray(v) ? (v as PickedRecord[])[0]?.id : undefined);

/**
 * The fixed fields a form holds as the text the person types or picks (number, money, days,
 * method, remark): every declared field but the links its widgets pick. Each starts empty, is
 * filled from the stored record and sent as it is.
 */
export function typedFields(kind: RecordKind, picked: readonly string[]) {
  const names = kind.fixedFields.map((f) => f.fieldName).filter((n) => !picked.includes(n));
  const each = (value: (name: string) => unknown) => Object.fromEntries(names.map((n) => [n, value(n)]));
  return {
    empty: () => each(() => ''),
    stored: (r: RecordRow) => each((n) => text(r[n])),
    sent: (v: Record<string, unknown>) => each((n) => v[n] ?? ''),
  };
}

/** What both forms' declarations share: their words' keys and the related tabs a save makes stale. */
export const reviewedFormBase = {
  stale: [['contractTabs']],
  words: {
    create: 'create',
    edit: 'edit',
    cancel: 'cancel',
    saved: { create: 'added', edit: 'edited' },
    customFields: 'customFields',
    attachments: 'attachments',
  },
} satisfies Partial<KindForm>;

/** The form's text value of a stored one (null and numbers as the inputs hold them). */
export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A form's words: a fixed field by its declared name in the reader's language, anything else
 * from the contract messages with the kind's name (新建合同, 编辑回款).
 */
function useReviewFormWords(kind: RecordKind): FormWords {
  const t = useContractMessages();
  const { lang } = useLang();
  return useCallback(
    (key, vars) => {
      const fixed = kind.fixedFields.find((f) => f.fieldName === key);
      if (fixed) return lang === 'en' ? fixed.nameEn : fixed.name;
      return t(key as Parameters<typeof t>[0], { name: kindName(lang, kind), ...vars });
    },
    [t, lang, kind],
  );
}
export const useContractWords = () => useReviewFormWords(contractKind);
export const useReceivablesWords = () => useReviewFormWords(receivablesKind);

/** A reviewed record to edit: its row (the context widgets read), its product lines when it has them. */
export function useReviewedSource<V>(
  key: string,
  recordId: number | undefined,
  open: boolean,
  toValues: (record: RecordRow, lines: ProductLinesValue) => V,
): FormSource<RecordRow | undefined> {
  const kind = kindBase(key)!;
  const editing = recordId !== undefined;
  const withLines = Boolean(kind.descriptor.features.products && kind.productLines);
  const detail = useQuery({
    queryKey: recordKeys.detail(kind.prefix, recordId ?? 0),
    queryFn: () => recordApi(kind.prefix).detail(recordId!),
    enabled: open && editing,
  });
  const lines = useQuery({
    queryKey: productLinesKey(kind, recordId ?? 0),
    queryFn: () => fetchProductLines(kind, recordId!),
    enabled: open && editing && withLines,
  });
  const record = editing ? detail.data?.record : undefined;
  const linesValue = lines.data;
  const values = useMemo(
    () =>
      record
        ? toValues(
            record,
            linesValue
              ? { lines: linesValue.list, discountRate: linesValue.discountRate, totalPrice: linesValue.money }
              : emptyProductLines,
          )
        : undefined,
    [record, linesValue, toValues],
  );
  return {
    ready: !editing || (record !== undefined && (!withLines || linesValue !== undefined)),
    failed: detail.isError || lines.isError,
    values: values as Record<string, unknown> | undefined,
    customValues: record as FieldValues | undefined,
    batchId: record ? text(record.batchId) : undefined,
    context: record,
    flags: {},
  };
}

/** The review part of a save: a draft's checkStatus in the entity, a chosen flow's approver beside it. */
export const reviewParts = (part: ReviewPart | undefined) => ({
  entity: part?.checkStatus === undefined ? {} : { checkStatus: part.checkStatus },
  body: part?.checkUserId === undefined ? {} : { checkUserId: part.checkUserId },
});
