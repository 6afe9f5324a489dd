import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { collectFields, type FieldValues } from '@/components/dynamic-form';
import { type CategoryItem, examineApi, examineKeys, type FlowFilled, type FlowInfo } from '../api';
import type { CreateValues } from './body';

/** Wait this long after the last keystroke before asking the server again. */
export const PREVIEW_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The flow preview as the applicant fills the form: when a fixed flow has conditional steps, the
 * server re-computes which steps apply from the current values (the same evaluation as at submit),
 * debounced. Without conditions it is the category's flow as loaded.
 */
export function useLiveFlow(
  form: FormInstance<CreateValues>,
  category: CategoryItem | undefined,
  flow: FlowInfo | undefined,
): FlowInfo | undefined {
  const values = Form.useWatch('values', form) as FieldValues | undefined;
  // A dedicated type's block (leave days, expense lines): its facts are read from it.
  const model = Form.useWatch('model', form) as unknown;
  const conditional = Boolean(flow && flow.examineType === 1 && flow.examineSteps.some((s) => s.condition));
  const filled: FlowFilled | null =
    conditional && category
      ? { field: collectFields(category.fields, values ?? {}), ...(model !== undefined ? { form: model } : {}) }
      : null;
  const settled = useDebounced(filled === null ? '' : JSON.stringify(filled), PREVIEW_DEBOUNCE_MS);
  const live = useQuery({
    queryKey: examineKeys.flowPreview(category?.categoryId ?? 0, settled ? (JSON.parse(settled) as FlowFilled) : {}),
    queryFn: () => examineApi.flowPreview(category!.categoryId, JSON.parse(settled) as FlowFilled),
    enabled: Boolean(category && settled),
    placeholderData: keepPreviousData,
  });
  return conditional ? (live.data ?? flow) : flow;
}
