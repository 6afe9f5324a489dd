import type { FieldDefinition } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DynamicFormFields, newBatchId } from '@/components/dynamic-form';
import { FileUploadList } from '@/components/upload';
import { recordApi, recordKeys } from '../api';
import { useKindFields } from '../fields';
import { useCrmMessages } from '../messages';
import { emptyProductLines, type ProductLinesValue } from '../product-lines/model';
import { ProductLinesField } from '../product-lines/ProductLinesField';
import { fetchProductLines, productLinesKey } from '../product-lines/ProductLinesTab';
import type { CrmKind } from '../types';

/**
 * What a record's create/edit form loads (crm-records 2, 3): the kind's fields, the record when
 * editing, its product lines when the kind has them, and the batch its attachments go under (a
 * new record's is made once, so a double click saves the same record).
 */
export function useRecordFormData(kind: CrmKind, recordId: number | undefined) {
  const api = useMemo(() => recordApi(kind.prefix), [kind.prefix]);
  const withProducts = Boolean(kind.descriptor.features.products && kind.productLines);
  const lines = useQuery({
    queryKey: productLinesKey(kind, recordId ?? 0),
    queryFn: () => fetchProductLines(kind, recordId!),
    enabled: withProducts && recordId !== undefined,
  });
  const fields = useKindFields(kind);
  const detail = useQuery({
    queryKey: recordKeys.detail(kind.prefix, recordId ?? 0),
    queryFn: () => api.detail(recordId!),
    enabled: recordId !== undefined,
  });
  const [newBatch] = useState(newBatchId);
  const record = detail.data?.record;
  const initialLines: ProductLinesValue = lines.data
    ? { lines: lines.data.list, discountRate: lines.data.discountRate, totalPrice: lines.data.money }
    : emptyProductLines;
  return {
    record,
    batchId: recordId ? String(record?.batchId ?? '') : newBatch,
    fixed: fields.data?.fixed ?? [],
    custom: fields.data?.custom ?? [],
    withProducts,
    initialLines,
    loading: fields.isLoading || (recordId !== undefined && (detail.isLoading || (withProducts && lines.isLoading))),
    failed: fields.isError || detail.isError || lines.isError,
  };
}

/** The end of a record's form: its product lines, the custom fields (其他信息), the attachments. */
export function RecordFormTail({
  kind,
  custom,
  withProducts,
  batchId,
}: {
  kind: CrmKind;
  custom: FieldDefinition[];
  withProducts: boolean;
  batchId: string;
}) {
  const t = useCrmMessages();
  return (
    <>
      {withProducts && (
        <Form.Item name="productLines" label={t('products')}>
          <ProductLinesField />
        </Form.Item>
      )}
      {custom.length > 0 && (
        <>
          <Typography.Title level={5}>{t('customFields')}</Typography.Title>
          <DynamicFormFields fields={custom} name="custom" />
        </>
      )}
      {kind.descriptor.features.attachments && batchId && (
        <>
          <Typography.Title level={5}>{t('attachments')}</Typography.Title>
          <FileUploadList batchId={batchId} />
        </>
      )}
    </>
  );
}
