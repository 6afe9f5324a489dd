import { deptSaveSchema, Msg, userCreateSchema } from '@crm/shared';
import { act, cleanup, render } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldIssue, validateWithSchema, zodRules } from './zod-rules';

afterEach(cleanup);

describe('fieldIssue', () => {
  it('answers the schema message of one field', () => {
    const values = { username: 'a b', password: 'short', realname: '', deptId: 1 };
    expect(fieldIssue(userCreateSchema, 'realname', values)).toBe(Msg.realnameRequired);
    expect(fieldIssue(userCreateSchema, 'password', values)).toBe(Msg.passwordRule);
    expect(fieldIssue(userCreateSchema, 'username', values)).toBe(Msg.usernameInvalid);
    expect(fieldIssue(userCreateSchema, 'deptId', values)).toBeUndefined();
  });

  it('parses the converted values', () => {
    const toInput = (v: Record<string, unknown>) => ({
      ...v,
      ownerUserId: (v.owner as { userId: number }[])[0]?.userId ?? null,
    });
    expect(fieldIssue(deptSaveSchema, 'ownerUserId', { name: 'x', owner: [{ userId: 3 }] }, toInput)).toBeUndefined();
  });
});

let captured: FormInstance | undefined;
function Harness() {
  const [f] = Form.useForm();
  captured = f;
  const rules = zodRules(deptSaveSchema);
  return (
    <Form form={f}>
      <Form.Item name="name" rules={rules('name')}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" rules={rules('remark')}>
        <Input />
      </Form.Item>
    </Form>
  );
}

function renderForm() {
  render(<Harness />);
  return () => captured!;
}

describe('validateWithSchema', () => {
  it('puts issues under their fields and answers null', async () => {
    const form = renderForm();
    let result: unknown;
    await act(async () => {
      result = await validateWithSchema(form(), deptSaveSchema);
    });
    expect(result).toBeNull();
    expect(form().getFieldError('name')).toEqual([Msg.deptNameRequired]);
  });

  it('answers the parsed data when valid', async () => {
    const form = renderForm();
    let result: unknown;
    await act(async () => {
      form().setFieldsValue({ name: '  销售部 ', remark: '' });
      result = await validateWithSchema(form(), deptSaveSchema);
    });
    expect(result).toEqual({ name: '销售部', pid: 0, ownerUserId: null, sort: 0, remark: '' });
  });
});
