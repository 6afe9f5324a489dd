import { customerKind, type ExamineFormDefinition } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, AutoComplete, Button, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { linkPickerApi, RecordLinkPicker } from '@/components/record-picker';
import { formKeys, formsApi } from './api';
import { ContentItem, DateItem, ModelItem, TextItem } from './items';
import { useFormsMessages } from './messages';

const customers = linkPickerApi('CrmCustomer');

/**
 * 问题客户跟进: the customer is picked among those the applicant may see (the record picker);
 * name, phone and old/new come from the record and stay read-only; then the treatment, its day
 * and the tracking so far.
 */
export default function ProblemCustomerForm({ def }: { def: ExamineFormDefinition }) {
  const t = useFormsMessages();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [picking, setPicking] = useState(false);
  const id = Form.useWatch(['model', 'customerId'], form) as number | undefined;
  const name = Form.useWatch(['model', 'customerName'], form) as string | undefined;
  const isOld = Form.useWatch(['model', 'hasOldCustomer'], form) as boolean | undefined;
  // The customer's projects (those its shop runs): the treatment is picked from them or typed.
  const projects = useQuery({
    queryKey: formKeys.projects(id ?? 0),
    queryFn: () => formsApi.projectList(id!),
    enabled: Boolean(id),
  });

  const choose = async (picked: { id: number; name: string }[]) => {
    setPicking(false);
    const p = picked[0];
    if (!p) return;
    try {
      const { record } = await customers.one(p.id);
      if (p.id !== id) {
        form.setFieldValue(['model', 'projectId'], undefined);
        form.setFieldValue(['model', 'projectName'], '');
      }
      form.setFieldValue(['model', 'customerId'], p.id);
      form.setFieldValue(['model', 'customerName'], p.name);
      form.setFieldValue(['model', 'phone'], String(record.mobile ?? ''));
      form.setFieldValue(['model', 'hasOldCustomer'], record.hasOldCustomer === true);
      void form.validateFields([
        ['model', 'customerId'],
        ['model', 'phone'],
      ]);
    } catch {
      message.error(t('customerUnavailable'));
    }
  };

  return (
    <>
      <ContentItem def={def} />
      <ModelItem def={def} path={['customerId']} label={t('customer')}>
        <Space>
          {id ? (
            <Tag color="blue" data-testid="problem-customer">
              {name}
              {isOld !== undefined && ` · ${isOld ? t('oldCustomer') : t('newCustomer')}`}
            </Tag>
          ) : null}
          <Button onClick={() => setPicking(true)}>{t('chooseCustomer')}</Button>
        </Space>
      </ModelItem>
      <Form.Item name={['model', 'customerName']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={['model', 'projectId']} hidden>
        <Input />
      </Form.Item>
      <TextItem def={def} path={['phone']} label={t('phone')} max={20} readOnly />
      <div className="exm-form__row">
        <ModelItem
          def={def}
          path={['projectName']}
          label={t('projectName')}
          extra={id ? t('chooseProject') : undefined}
        >
          <AutoComplete
            aria-label={t('projectName')}
            maxLength={50}
            options={(projects.data ?? []).map((p) => ({ value: p.projectName, key: p.projectId }))}
            // A name picked from the list carries its project; a typed one has none.
            onChange={(v: string) =>
              form.setFieldValue(
                ['model', 'projectId'],
                projects.data?.find((p) => p.projectName === v)?.projectId ?? undefined,
              )
            }
          />
        </ModelItem>
        <DateItem def={def} path={['projectTime']} label={t('projectTime')} />
      </div>
      <TextItem def={def} path={['trackingSituation']} label={t('trackingSituation')} max={500} area />
      <RecordLinkPicker
        open={picking}
        kind={customerKind}
        prefix="CrmCustomer"
        single
        value={id ? [{ id, name: name ?? '' }] : []}
        onConfirm={(v) => void choose(v)}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
