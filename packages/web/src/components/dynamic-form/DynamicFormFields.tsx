import type { FieldDefinition } from '@crm/shared';
import { Col, Form, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { WidgetProps } from './basic-widgets';
import { fieldWidgets } from './registry';
import './dynamic-form.css';
import { fieldError, fieldKey } from './values';

/** The rule of one field: the shared value rule, whose messages include '{name}不能为空'. */
export const fieldRule = (field: FieldDefinition): Rule => ({
  validator: async (_, value) => {
    const msg = fieldError(field, value);
    if (msg) throw new Error(msg);
  },
});

/** The control inside Form.Item: passes value/onChange/onBlur/id through to the widget. */
function Control({ field, ...rest }: WidgetProps) {
  const Input = fieldWidgets[field.formType]!.input;
  return <Input field={field} {...rest} />;
}

/**
 * The inputs of a list of field definitions inside an antd Form, in two columns; values live
 * under `name` (e.g. `values.field_1`). Use with `initialValues` and `collectFields`.
 */
export function DynamicFormFields({
  fields,
  name = 'values',
  disabled,
  locked,
}: {
  fields: FieldDefinition[];
  name?: string;
  disabled?: boolean;
  /** Fields shown but not changed (by key): a record created from its parent keeps the parent. */
  locked?: string[];
}) {
  return (
    <Row gutter={[24, 0]} className="df-form">
      {fields.map((f, i) => {
        const entry = fieldWidgets[f.formType];
        if (!entry) return null;
        const key = fieldKey(f, i);
        return (
          <Col key={key} xs={24} md={entry.wide ? 24 : 12}>
            <Form.Item
              name={[name, key]}
              label={f.name}
              required={f.isNull === 1}
              rules={[fieldRule(f)]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Control field={f} disabled={disabled || locked?.includes(key)} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
