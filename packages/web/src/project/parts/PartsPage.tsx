import { PlusOutlined } from '@ant-design/icons';
import { type BodyPartNode, CatalogueMsg, catalogueText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Space, Tree } from 'antd';
import { useEditDialog } from '@/manager/use-edit-dialog';
import { usePermission } from '@/manager/use-permission';
import { catalogueApi, catalogueKeys } from '../catalogue/api';
import { useCatalogueMessages } from '../catalogue/messages';

type Editing = { partId?: number; name: string; pid: number | null; sort: number };

/**
 * 配置 › 部位 (/project/partConfig): the body-part tree projects and photos are tagged with; add a
 * top part or a sub-part, rename, re-sort, delete (the server refuses a part with sub-parts or
 * one a project uses).
 */
export default function PartsPage() {
  const t = useCatalogueMessages();
  const can = usePermission();
  const canEdit = can('project:partConfig:update');
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: catalogueKeys.parts, queryFn: catalogueApi.partTree });
  const [form] = Form.useForm<{ name: string; sort: number }>();
  const dialog = useEditDialog<Editing>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('save'), cancel: t('cancel') },
    () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  );

  const open = (e: Editing) => {
    dialog.open(e);
    form.setFieldsValue({ name: e.name, sort: e.sort });
  };
  const save = () =>
    dialog.save(async (e) => {
      const values = await form.validateFields();
      await catalogueApi.savePart({ ...e, ...values });
    });

  const toTree = (nodes: BodyPartNode[]): object[] =>
    nodes.map((n) => ({
      key: n.partId,
      title: (
        <Space>
          <span>{n.name}</span>
          {canEdit && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() => open({ name: '', pid: n.partId, sort: n.children.length })}
              >
                {t('addChildPart')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => open({ partId: n.partId, name: n.name, pid: n.pid, sort: n.sort })}
              >
                {t('edit')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  dialog.confirmRemove(t('partDelete', { name: n.name }), () => catalogueApi.deletePart(n.partId))
                }
              >
                {t('delete')}
              </Button>
            </>
          )}
        </Space>
      ),
      children: toTree(n.children),
    }));

  return (
    <Card
      title={t('partsTitle')}
      loading={tree.isLoading}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open({ name: '', pid: null, sort: tree.data?.length ?? 0 })}
          >
            {t('addPart')}
          </Button>
        )
      }
    >
      {tree.data?.length ? (
        <Tree blockNode defaultExpandAll selectable={false} treeData={toTree(tree.data) as never} />
      ) : (
        <Empty description={t('empty')} />
      )}
      <Modal
        {...dialog.modalProps}
        title={dialog.editing?.partId ? t('edit') : dialog.editing?.pid ? t('addChildPart') : t('addPart')}
        onOk={save}
      >
        <Form form={form} layout="vertical" name="body-part">
          <Form.Item
            name="name"
            label={t('partName')}
            rules={[{ required: true, whitespace: true, message: CatalogueMsg.partNameRequired }]}
          >
            <Input maxLength={catalogueText.partName.max} />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={99999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
