import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fieldText, formTypesWithOptions } from '@crm/shared';
import { Button, Form, Input, Space, Switch, Tag } from 'antd';
import { fieldWidgets } from '@/components/dynamic-form';
import { useLang } from '@/i18n';
import { type DraftField, typesWithDefault } from './draft';
import { formTypeName, useDesignerMessages } from './messages';

/** The properties of one field: name, required, unique (CRM kinds), options, default value, input tips. */
export function FieldProps({
  field,
  readOnly,
  showUnique = false,
  onChange,
}: {
  field: DraftField;
  readOnly: boolean;
  /** CRM kinds: 唯一 (the record forms check it with field/verify, the server on save). */
  showUnique?: boolean;
  onChange: (patch: Partial<DraftField>) => void;
}) {
  const t = useDesignerMessages();
  const { lang } = useLang();
  const hasOptions = formTypesWithOptions.includes(field.formType);
  const DefaultInput = typesWithDefault.includes(field.formType) ? fieldWidgets[field.formType]?.input : undefined;
  const setOption = (i: number, v: string) => onChange({ options: field.options.map((o, j) => (j === i ? v : o)) });
  return (
    <Form layout="vertical" disabled={readOnly} className="fd-props" data-testid="fd-props">
      <Form.Item label={t('name')} required>
        <Input
          aria-label={t('name')}
          value={field.name}
          maxLength={fieldText.name.max}
          showCount
          onChange={(e) => onChange({ name: e.target.value })}
          suffix={<Tag variant="filled">{formTypeName(field.formType, lang)}</Tag>}
        />
      </Form.Item>
      <Form.Item label={t('required')}>
        <Switch
          aria-label={t('required')}
          checked={field.isNull === 1}
          onChange={(on) => onChange({ isNull: on ? 1 : 0 })}
        />
      </Form.Item>
      {showUnique && (
        <Form.Item label={t('unique')}>
          <Switch
            aria-label={t('unique')}
            checked={field.isUnique === 1}
            onChange={(on) => onChange({ isUnique: on ? 1 : 0 })}
          />
        </Form.Item>
      )}
      {hasOptions && (
        <Form.Item label={t('options')} required>
          <div className="fd-options">
            {field.options.map((o, i) => (
              // Options are plain strings that may repeat while typing; the position is the identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Space.Compact key={i} style={{ width: '100%' }}>
                <Input
                  aria-label={t('option', { n: i + 1 })}
                  value={o}
                  maxLength={fieldText.option.max}
                  onChange={(e) => setOption(i, e.target.value)}
                />
                <Button
                  aria-label={t('remove')}
                  icon={<DeleteOutlined />}
                  disabled={readOnly || field.options.length <= 1}
                  onClick={() => onChange({ options: field.options.filter((_, j) => j !== i) })}
                />
              </Space.Compact>
            ))}
            {!readOnly && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={field.options.length >= 100}
                onClick={() => onChange({ options: [...field.options, t('option', { n: field.options.length + 1 })] })}
              >
                {t('addOption')}
              </Button>
            )}
          </div>
        </Form.Item>
      )}
      {DefaultInput && (
        <Form.Item label={t('defaultValue')}>
          {/* The widget's placeholder names the field by its stored name (the administrator's words), as the list does. */}
          <div data-user-data>
            <DefaultInput
              field={{ ...field, isNull: 0 }}
              value={field.defaultValue}
              disabled={readOnly}
              onChange={(v) => onChange({ defaultValue: v })}
            />
          </div>
        </Form.Item>
      )}
      <Form.Item label={t('inputTips')} extra={t('inputTipsHint')}>
        <Input
          aria-label={t('inputTips')}
          value={field.inputTips}
          maxLength={fieldText.inputTips.max}
          onChange={(e) => onChange({ inputTips: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
