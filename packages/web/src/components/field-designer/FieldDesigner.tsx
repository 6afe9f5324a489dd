import { crmDesignerFormTypes, designerFormTypes, type FieldDefinition, type FormType } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Form, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DynamicFormFields, initialValues } from '@/components/dynamic-form';
import { useLang } from '@/i18n';
import { type FieldTarget, saveFields } from './api';
import { type DraftField, firstProblem, move, newField, toDefinition, toDraft } from './draft';
import { FieldList } from './FieldList';
import { FieldProps } from './FieldProps';
import './field-designer.css';
import { formTypeName, useDesignerMessages } from './messages';
import { TypePalette } from './TypePalette';

/** A designed field: fixed ones (fieldType 1, a CRM kind's own properties) cannot be removed or retyped. */
type DesignerField = FieldDefinition & { fieldType?: 0 | 1 };

/** A set to design and where it is saved. */
export type DesignedFields = { title: string; isSystem: boolean; fields: DesignerField[]; target: FieldTarget };
/** An approval category's set (saved by its id). */
export type DesignedCategory = Omit<DesignedFields, 'target'> & { categoryId: number };

const targetOf = (c: DesignedFields | DesignedCategory): FieldTarget =>
  'target' in c ? c.target : { type: 'examine', categoryId: c.categoryId };

/**
 * The field designer of an approval category or a CRM kind: add fields by type, order and delete
 * them, edit each one's properties, preview the form, save them all at once. System categories
 * show their fields read-only (系统审批类型暂不支持编辑); a CRM kind's fixed fields can be renamed,
 * required, made unique and given options, tips and a default, never removed.
 */
export function FieldDesigner({
  category,
  onClose,
  onSaved,
}: {
  category: DesignedFields | DesignedCategory | null;
  onClose: () => void;
  onSaved?: (fields: FieldDefinition[]) => void;
}) {
  const t = useDesignerMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [fields, setFields] = useState<DraftField[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState('design');
  const readOnly = category?.isSystem ?? false;
  const crm = category !== null && targetOf(category).type === 'crm';

  useEffect(() => {
    const drafts = (category?.fields ?? []).map(toDraft);
    setFields(drafts);
    setSelected(drafts[0]?.uid ?? null);
    setTab('design');
  }, [category]);

  const save = useMutation({
    mutationFn: () => saveFields(targetOf(category!), fields.map(toDefinition)),
    onSuccess: (saved) => {
      message.success(t('saved'));
      onSaved?.(saved);
      onClose();
    },
  });

  const add = (formType: FormType) => {
    const count = fields.filter((f) => f.formType === formType).length + 1;
    const f = newField(formType, t('newName', { type: formTypeName(formType, lang), n: count }), (n) =>
      t('option', { n }),
    );
    setFields([...fields, f]);
    setSelected(f.uid);
    setTab('design');
  };
  const patch = (uid: string, p: Partial<DraftField>) =>
    setFields((list) => list.map((f) => (f.uid === uid ? { ...f, ...p } : f)));
  const remove = (index: number) => {
    const next = fields.filter((_, i) => i !== index);
    setFields(next);
    if (fields[index]?.uid === selected) setSelected(next[Math.min(index, next.length - 1)]?.uid ?? null);
  };
  const submit = () => {
    const problem = firstProblem(fields);
    if (problem) {
      setSelected(fields[problem.index]?.uid ?? null);
      setTab('design');
      message.error(problem.message);
      return;
    }
    save.mutate();
  };

  const current = fields.find((f) => f.uid === selected) ?? null;
  const preview = fields.map(toDefinition);

  return (
    <Drawer
      open={category !== null}
      title={t('title', { name: category?.title ?? '' })}
      size={1080}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={submit}>
              {t('save')}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('systemLocked')}
          description={t('systemHint')}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'design',
            label: t('design'),
            children: (
              <div className="fd-layout">
                {!readOnly && (
                  <aside className="fd-col fd-col--types">
                    <Typography.Text strong>{t('types')}</Typography.Text>
                    <TypePalette
                      onAdd={add}
                      types={
                        // Declaration forms (issue 25, h-decl): a draft set offers its own types.
                        category && targetOf(category).type === 'draft'
                          ? (targetOf(category) as { types: FormType[] }).types
                          : crm
                            ? crmDesignerFormTypes
                            : designerFormTypes
                      }
                    />
                  </aside>
                )}
                <section className="fd-col fd-col--fields">
                  <Typography.Text strong>
                    {t('fields')}{' '}
                    <Typography.Text type="secondary">{t('fieldCount', { n: fields.length })}</Typography.Text>
                  </Typography.Text>
                  <FieldList
                    fields={fields}
                    selected={selected}
                    readOnly={readOnly}
                    onSelect={setSelected}
                    onMove={(i, to) => setFields(move(fields, i, to))}
                    onRemove={remove}
                  />
                </section>
                <section className="fd-col fd-col--props">
                  <Typography.Text strong>{t('props')}</Typography.Text>
                  {current ? (
                    <FieldProps
                      key={current.uid}
                      field={current}
                      readOnly={readOnly}
                      showUnique={crm}
                      onChange={(p) => patch(current.uid, p)}
                    />
                  ) : (
                    <Empty description={t('noSelection')} />
                  )}
                </section>
              </div>
            ),
          },
          {
            key: 'preview',
            label: t('preview'),
            children: preview.length ? (
              // The design as a form: its labels are the stored names being designed (the administrator's words).
              <div data-user-data>
                <Form layout="vertical" className="fd-preview" initialValues={{ values: initialValues(preview) }}>
                  <DynamicFormFields fields={preview} />
                </Form>
              </div>
            ) : (
              <Empty description={t('previewEmpty')} />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
