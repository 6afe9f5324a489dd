import { Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { DynamicDisplay } from '@/components/dynamic-form';
import { useLang } from '@/i18n';
import type { RecordRow } from '../api';
import { shownValues } from '../codes';
import { useKindFields } from '../fields';
import { useCrmMessages } from '../messages';
import { wordIn } from '../names';
import type { CrmKind } from '../types';
import '../sales/widgets';

/** 基本信息: the fixed fields, then the custom ones, read-only, by the dynamic display. */
export function BasicInfoTab({ kind, record }: { kind: CrmKind; record: RecordRow }) {
  const t = useCrmMessages();
  const { lang } = useLang();
  const fields = useKindFields(kind);
  // Coded choices (gender 1/2, 是/否 as booleans) read as their words.
  const values = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(shownValues(kind, record)).map(([k, v]) => [
          k,
          typeof v === 'boolean' ? (v ? t('yes') : t('no')) : wordIn(lang, v),
        ]),
      ),
    [kind, record, t, lang],
  );
  if (!fields.data) return <Skeleton active />;
  return (
    <div data-testid="record-basic">
      <DynamicDisplay fields={fields.data.fixed} values={values} />
      {fields.data.custom.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('customFields')}
          </Typography.Title>
          <DynamicDisplay fields={fields.data.custom} values={values} />
        </>
      )}
    </div>
  );
}
