import { PlusOutlined } from '@ant-design/icons';
import type { ProductCategoryNode } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Space, Tree, Typography } from 'antd';
import { salesApi, salesKeys } from '@/crm/sales/api';
import { useSalesMessages } from '@/crm/sales/messages';
import { useEditDialog } from '../use-edit-dialog';

type Editing = { categoryId?: number; name: string; pid: number | null };

type TreeNode = { key: number; title: React.ReactNode; children: TreeNode[] };

/**
 * Manager › 客户管理设置 › 产品类别 (manage:crm:productCategory): the product category tree; add a
 * top category or a sub-category, rename, delete (the server refuses one with products or children).
 */
export default function ProductCategoryPage() {
  const t = useSalesMessages();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: salesKeys.categories, queryFn: salesApi.categories });
  const [form] = Form.useForm<{ name: string }>();
  const dialog = useEditDialog<Editing>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('ok'), cancel: t('cancel') },
    () => void queryClient.invalidateQueries({ queryKey: salesKeys.categories }),
  );
  const editing = dialog.editing;

  const open = (e: Editing) => {
    dialog.open(e);
    form.setFieldsValue({ name: e.name });
  };
  const save = () =>
    dialog.save(async (e) => {
      const { name } = await form.validateFields();
      await salesApi.saveCategory({ ...e, name });
    });
  // The server refuses a category with products or children.
  const remove = (n: ProductCategoryNode) =>
    dialog.confirmRemove(t('categoryDelete', { name: n.label }), () => salesApi.deleteCategory(n.categoryId));

  const toTree = (nodes: ProductCategoryNode[]): TreeNode[] =>
    nodes.map((n) => ({
      key: n.categoryId,
      title: (
        <Space>
          <span>{n.label}</span>
          <Button type="link" size="small" onClick={() => open({ name: '', pid: n.categoryId })}>
            {t('addChild')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => open({ categoryId: n.categoryId, name: n.label, pid: n.pid })}
          >
            {t('rename')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(n)}>
            {t('delete')}
          </Button>
        </Space>
      ),
      children: toTree(n.children),
    }));

  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('categoryTitle')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ name: '', pid: null })}>
          {t('addTop')}
        </Button>
      }
      loading={tree.isLoading}
    >
      {tree.data?.length ? (
        <Tree blockNode defaultExpandAll selectable={false} treeData={toTree(tree.data) as never} />
      ) : (
        <Empty description={t('empty')} />
      )}
      <Modal
        {...dialog.modalProps}
        title={editing?.categoryId ? t('rename') : editing?.pid ? t('addChild') : t('addTop')}
        onOk={save}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('categoryName')}
            rules={[{ required: true, whitespace: true, message: t('categoryNameRequired') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
