import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SettingsField, type SettingsItems, type SettingsKind, saveSchemaOf } from '@crm/shared';
import { App, Button, Form, type FormInstance, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { zodRules } from '@/components/form/zod-rules';
import { useLang } from '@/i18n';
import { useSettingsMessages } from './messages';
import { toInput } from './values';
import { FieldWidget } from './widgets';

const labelOf = (f: { label: string; labelEn: string }, lang: string) => (lang === 'en' ? f.labelEn : f.label);

/**
 * The form of a settings kind: one control per declared field and a row editor per sub-table,
 * checked with the same shared schema the server parses the save with.
 */
export function SettingsForm({ kind, form }: { kind: SettingsKind; form: FormInstance }) {
  const { lang } = useLang();
  const schema = useMemo(() => saveSchemaOf(kind), [kind]);
  const rules = useMemo(() => zodRules(schema, (v) => toInput(kind, v)), [schema, kind]);
  return (
    <Form form={form} layout="vertical" preserve={false} data-testid={`settings-form-${kind.name}`}>
      {kind.fields.map((f) => (
        <Form.Item
          key={f.key}
          name={f.key}
          label={labelOf(f, lang)}
          required={f.required}
          extra={lang === 'en' ? f.helpEn : f.help}
          rules={rules(f.widget === 'dateRange' ? f.endKey : f.key)}
          valuePropName="value"
        >
          <FieldWidget field={f} />
        </Form.Item>
      ))}
      {(kind.items ?? []).map((items) => (
        <ItemsEditor key={items.key} items={items} />
      ))}
    </Form>
  );
}

/** A sub-table's rows in order: each row's fields side by side, add, remove and move. */
function ItemsEditor({ items }: { items: SettingsItems }) {
  const { lang } = useLang();
  const t = useSettingsMessages();
  return (
    <Form.List name={items.key}>
      {(rows, { add, remove, move }) => (
        <div className="settings-items" data-testid={`settings-items-${items.key}`}>
          <Typography.Text strong>{labelOf(items, lang)}</Typography.Text>
          {rows.length === 0 && (
            <Typography.Paragraph type="secondary">{t('noRows', { label: labelOf(items, lang) })}</Typography.Paragraph>
          )}
          {rows.map((row, i) => (
            <Space key={row.key} align="end" wrap className="settings-items__row">
              {items.fields.map((f: SettingsField) => (
                <Form.Item key={f.key} name={[row.name, f.key]} label={labelOf(f, lang)} required={f.required}>
                  <FieldWidget field={f} />
                </Form.Item>
              ))}
              <Form.Item>
                <Space size={0}>
                  <Button
                    type="text"
                    aria-label={t('moveUp')}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                  <Button
                    type="text"
                    aria-label={t('moveDown')}
                    icon={<ArrowDownOutlined />}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                  <Button
                    type="text"
                    danger
                    aria-label={t('removeRow')}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              </Form.Item>
            </Space>
          ))}
          <Button
            type="dashed"
            block
            data-testid={`settings-items-add-${items.key}`}
            icon={<PlusOutlined />}
            disabled={rows.length >= items.max}
            onClick={() => add({})}
          >
            {t('addRow')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * Check the whole form against the shared schema and answer the save's body; a refusal is shown
 * (the first issue's message, the one the server would give) and answers null.
 */
export function useCheckedBody(kind: SettingsKind) {
  const { message } = App.useApp();
  const schema = useMemo(() => saveSchemaOf(kind), [kind]);
  return async (form: FormInstance): Promise<Record<string, unknown> | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const body = toInput(kind, form.getFieldsValue(true));
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '');
      return null;
    }
    return body;
  };
}
