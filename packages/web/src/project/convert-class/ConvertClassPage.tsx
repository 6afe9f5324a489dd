import { PlusOutlined } from '@ant-design/icons';
import { CatalogueMsg, type ConvertClass, catalogueText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useEditDialog } from '@/manager/use-edit-dialog';
import { usePermission } from '@/manager/use-permission';
import { catalogueApi, catalogueKeys } from '../catalogue/api';
import { useCatalogueMessages } from '../catalogue/messages';

type Editing = { convertClassId?: number; projects: { projectId: number; name: string }[] };
type Values = { name: string; remark: string; projectIds: number[] };

/** The project picker of the dialog: searched on the server (name, code or pinyin). */
function ProjectPicker({
  value,
  onChange,
  initial,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  initial: { projectId: number; name: string }[];
}) {
  const t = useCatalogueMessages();
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: catalogueKeys.projects({ search, limit: 50, page: 1 }),
    queryFn: () => catalogueApi.projects({ search, limit: 50, page: 1 }),
  });
  // The chosen ones keep their names while the search shows others.
  const known = new Map(initial.map((p) => [p.projectId, p.name]));
  for (const p of found.data?.list ?? []) known.set(p.projectId, p.name);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder={t('pickProjects')}
      filterOption={false}
      showSearch
      onSearch={setSearch}
      loading={found.isFetching}
      options={[...known].map(([projectId, name]) => ({ value: projectId, label: name }))}
    />
  );
}

/**
 * 配置 › 转换类别 (/project/convertClass): classes of projects whose leftover sessions may convert
 * into one another (the deal-record conversion reads them through findConvertByProjectId).
 */
export default function ConvertClassPage() {
  const t = useCatalogueMessages();
  const can = usePermission();
  const canEdit = can('project:convertClass:update');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: catalogueKeys.convert, queryFn: catalogueApi.convertClasses });
  const [form] = Form.useForm<Values>();
  const dialog = useEditDialog<Editing>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('save'), cancel: t('cancel') },
    () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  );

  const open = (c: ConvertClass | null) => {
    dialog.open(c ? { convertClassId: c.convertClassId, projects: c.projects } : { projects: [] });
    form.setFieldsValue(
      c
        ? { name: c.name, remark: c.remark, projectIds: c.projects.map((p) => p.projectId) }
        : { name: '', remark: '', projectIds: [] },
    );
  };
  const save = () =>
    dialog.save(async (e) => {
      const values = await form.validateFields();
      await catalogueApi.saveConvertClass({ ...values, convertClassId: e.convertClassId });
    });

  return (
    <Card
      title={t('convertTitle')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t('addConvert')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('convertIntro')}</Typography.Paragraph>
      <Table<ConvertClass>
        rowKey="convertClassId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('convertName'), dataIndex: 'name', width: 180 },
          {
            title: t('convertProjects'),
            dataIndex: 'projects',
            render: (projects: ConvertClass['projects']) => (
              <Space size={[4, 4]} wrap>
                {projects.map((p) => (
                  <Tag key={p.projectId} color={p.enabled ? 'blue' : 'default'}>
                    {p.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('convertRemark'), dataIndex: 'remark', width: 240 },
          ...(canEdit
            ? [
                {
                  title: t('actions'),
                  key: 'actions',
                  width: 130,
                  render: (_: unknown, c: ConvertClass) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => open(c)}>
                        {t('edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          dialog.confirmRemove(t('convertDelete', { name: c.name }), () =>
                            catalogueApi.deleteConvertClass(c.convertClassId),
                          )
                        }
                      >
                        {t('delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        {...dialog.modalProps}
        width={640}
        title={dialog.editing?.convertClassId ? t('editConvert') : t('addConvert')}
        onOk={save}
      >
        <Form form={form} layout="vertical" name="convert-class">
          <Form.Item
            name="name"
            label={t('convertName')}
            rules={[{ required: true, whitespace: true, message: CatalogueMsg.convertNameRequired }]}
          >
            <Input maxLength={catalogueText.convertName.max} />
          </Form.Item>
          <Form.Item name="projectIds" label={t('convertProjects')}>
            <ProjectPicker initial={dialog.editing?.projects ?? []} />
          </Form.Item>
          <Form.Item name="remark" label={t('convertRemark')}>
            <Input maxLength={catalogueText.convertRemark.max} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
