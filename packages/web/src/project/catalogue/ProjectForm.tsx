import {
  type BodyPartNode,
  catalogueText,
  fenToYuan,
  type Project,
  type ProjectClassNode,
  projectSaveSchema,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { type SchemaLike, validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { catalogueApi, catalogueKeys } from './api';
import { useCatalogueMessages } from './messages';

type Values = Record<string, unknown>;
const schema = projectSaveSchema as SchemaLike<Values>;
const newBatchId = () => crypto.randomUUID().replaceAll('-', '');

const classOptions = (nodes: ProjectClassNode[]): object[] =>
  nodes.map((n) => ({ value: n.classId, title: n.name, children: classOptions(n.children) }));
const partOptions = (nodes: BodyPartNode[]): object[] =>
  nodes.map((n) => ({ value: n.partId, title: n.name, children: partOptions(n.children) }));

/** A project as the form edits it: money in yuan text, as typed. */
function valuesOf(p: Project | null, classId: number | undefined): Values {
  if (!p)
    return {
      classId,
      unit: '次',
      sessions: 1,
      validityMonths: 0,
      needsVerify: true,
      countsAsDeal: true,
      earnsPerformance: true,
      earnsPoints: true,
      enabled: true,
      partIds: [],
      sort: 0,
    };
  return {
    ...p,
    price: fenToYuan(p.price),
    salesPrice: fenToYuan(p.salesPrice),
    minPrice: fenToYuan(p.minPrice),
    cost: fenToYuan(p.cost),
  };
}

/**
 * The project form (a drawer): every field of the catalogue, checked by the shared schema the
 * server parses with (the price rules included), money typed in yuan. A create carries one batch
 * id per opening, so a double click saves one project.
 */
export function ProjectForm({
  open,
  editing,
  defaultClassId,
  classes,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: Project | null;
  defaultClassId: number | undefined;
  classes: ProjectClassNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useCatalogueMessages();
  const [form] = Form.useForm<Values>();
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const parts = useQuery({ queryKey: catalogueKeys.parts, queryFn: catalogueApi.partTree, enabled: open });
  const depts = useQuery({ queryKey: catalogueKeys.depts, queryFn: catalogueApi.depts, enabled: open });
  const convert = useQuery({ queryKey: catalogueKeys.convert, queryFn: catalogueApi.convertClasses, enabled: open });
  const toInput = (v: Values) => ({ ...v, projectId: editing?.projectId, batchId });
  const rules = zodRules(schema, toInput);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(editing, defaultClassId));
    setBatchId(newBatchId());
  }, [open, editing, defaultClassId, form]);

  const submit = async () => {
    if (saving) return;
    const parsed = await validateWithSchema(form, schema, toInput);
    if (!parsed) return;
    setSaving(true);
    try {
      await catalogueApi.saveProject(toInput(form.getFieldsValue(true)));
      onSaved();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const deptOptions = (depts.data ?? []).map((d) => ({ value: d.deptId, label: d.name }));
  // The price rules compare fields: a change of one checks the other again.
  const dependsOn: Record<string, string[]> = { salesPrice: ['price'], minPrice: ['salesPrice'] };
  const money = (name: string, label: string, required = false) => (
    <Col span={12}>
      <Form.Item name={name} label={label} required={required} rules={rules(name)} dependencies={dependsOn[name] ?? []}>
        <Input suffix={t('yuan')} inputMode="decimal" />
      </Form.Item>
    </Col>
  );
  const flag = (name: string, label: string) => (
    <Col span={6}>
      <Form.Item name={name} label={label} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Col>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={720}
      title={editing ? t('editProject') : t('newProject')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="project-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('name')} required rules={rules('name')}>
              <Input maxLength={catalogueText.projectName.max} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label={t('code')} tooltip={t('codeTip')} rules={rules('code')}>
              <Input maxLength={catalogueText.code.max} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="classId" label={t('classOf')} required rules={rules('classId')}>
              <TreeSelect treeData={classOptions(classes)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="unit" label={t('unit')} rules={rules('unit')}>
              <Input maxLength={catalogueText.unit.max} />
            </Form.Item>
          </Col>
          {money('price', t('price'), true)}
          {money('salesPrice', t('salesPrice'), true)}
          {money('minPrice', t('minPrice'))}
          {money('cost', t('cost'))}
          <Col span={12}>
            <Form.Item name="sessions" label={t('sessions')} required rules={rules('sessions')}>
              <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="validityMonths"
              label={t('validityMonths')}
              tooltip={t('validityTip')}
              rules={rules('validityMonths')}
            >
              <InputNumber min={0} max={600} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="settleDeptId" label={t('settleDept')} rules={rules('settleDeptId')}>
              <Select allowClear options={deptOptions} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="verifyDeptId" label={t('verifyDept')} rules={rules('verifyDeptId')}>
              <Select allowClear options={deptOptions} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="partIds" label={t('parts')} rules={rules('partIds')}>
              <TreeSelect
                treeData={partOptions(parts.data ?? [])}
                multiple
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="convertClassId" label={t('convertClass')} rules={rules('convertClassId')}>
              <Select
                allowClear
                options={(convert.data ?? []).map((c) => ({ value: c.convertClassId, label: c.name }))}
              />
            </Form.Item>
          </Col>
          {flag('needsVerify', t('needsVerify'))}
          {flag('countsAsDeal', t('countsAsDeal'))}
          {flag('earnsPerformance', t('earnsPerformance'))}
          {flag('earnsPoints', t('earnsPoints'))}
          {flag('enabled', t('enabled'))}
          <Col span={6}>
            <Form.Item name="sort" label={t('sort')} rules={rules('sort')}>
              <InputNumber min={0} max={99999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')} rules={rules('remark')}>
              <Input.TextArea rows={3} maxLength={catalogueText.remark.max} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
