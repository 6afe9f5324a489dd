import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BusinessTypeRow, businessTypeSaveSchema } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { salesApi, salesKeys } from '@/crm/sales/api';
import { useSalesMessages } from '@/crm/sales/messages';
import { useEditDialog } from '../use-edit-dialog';

type Draft = { name: string; statusList: { statusId?: number; name: string; rate: number }[] };

/**
 * Manager › 客户管理设置 › 商机状态组 (manage:crm:businessType): the stage groups opportunities move
 * through — name, stages (name, win rate, order by position), enable/disable, delete (refused
 * while opportunities use the group). The save is checked with the server's schema first.
 */
export default function BusinessTypePage() {
  const t = useSalesMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: salesKeys.businessTypes, queryFn: salesApi.businessTypes });
  const [form] = Form.useForm<Draft>();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: salesKeys.businessTypes });
    void queryClient.invalidateQueries({ queryKey: salesKeys.statusOptions });
  };
  const dialog = useEditDialog<{ typeId?: number; status: number }>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('ok'), cancel: t('cancel') },
    reload,
  );

  const open = (row?: BusinessTypeRow) => {
    dialog.open({ typeId: row?.typeId, status: row?.status ?? 1 });
    form.setFieldsValue({
      name: row?.name ?? '',
      statusList: row?.statusList.map((s) => ({ statusId: s.statusId, name: s.name, rate: s.rate })) ?? [
        { name: '', rate: 10 },
      ],
    });
  };
  const save = () =>
    dialog.save(async (editing) => {
      const draft = await form.validateFields();
      const parsed = businessTypeSaveSchema.safeParse({ ...draft, typeId: editing.typeId, status: editing.status });
      if (!parsed.success) {
        message.error(parsed.error.issues[0]?.message ?? '');
        return false;
      }
      await salesApi.saveBusinessType(parsed.data);
    });
  const toggle = async (row: BusinessTypeRow, on: boolean) => {
    try {
      await salesApi.setBusinessTypeStatus(row.typeId, on ? 1 : 0);
      reload();
    } catch {
      // shown by the request layer
    }
  };
  const remove = (row: BusinessTypeRow) =>
    dialog.confirmRemove(t('typeDelete', { name: row.name }), () => salesApi.deleteBusinessType(row.typeId));

  return (
    <Card
      title={t('typeTitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
          {t('addType')}
        </Button>
      }
    >
      <Table<BusinessTypeRow>
        rowKey="typeId"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('typeNameLabel'), dataIndex: 'name', key: 'name' },
          {
            title: t('stages'),
            key: 'stages',
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.statusList.map((s) => (
                  <Tag key={s.statusId}>
                    {s.name} {s.rate}%
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('status'),
            key: 'status',
            width: 100,
            render: (_, r) => (
              <Switch
                checked={r.status === 1}
                checkedChildren={t('enabled')}
                unCheckedChildren={t('disabled')}
                onChange={(on) => toggle(r, on)}
              />
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 140,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => open(r)}>
                  {t('edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        {...dialog.modalProps}
        title={dialog.editing?.typeId ? t('editType') : t('addType')}
        width={640}
        onOk={save}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('typeNameLabel')}
            rules={[{ required: true, whitespace: true, message: t('typeNameRequired') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.List name="statusList">
            {(items, { add, remove: drop }) => (
              <>
                {items.map((item, i) => (
                  <Space key={item.key} align="baseline">
                    <span>{i + 1}.</span>
                    <Form.Item
                      name={[item.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: t('stageNameRequired') }]}
                    >
                      <Input placeholder={t('stageName')} maxLength={50} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'rate']} rules={[{ required: true, message: t('rateRequired') }]}>
                      <InputNumber min={0} max={100} precision={0} placeholder={t('stageRate')} addonAfter="%" />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('delete')}
                      onClick={() => drop(item.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', rate: 0 })}>
                  {t('addStage')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Card>
  );
}
