import { PlusOutlined } from '@ant-design/icons';
import type { ProductCategoryNode } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Space, Tree, Typography } from 'antd';
import { useState } from 'react';
import { salesApi, salesKeys } from '@/crm/sales/api';
import { useSalesMessages } from '@/crm/sales/messages';

type Editing = { categoryId?: number; name: string; pid: number | null };

type TreeNode = { key: number; title: React.ReactNode; children: TreeNode[] };

/**
 * Manager › 客户管理设置 › 产品类别 (manage:crm:productCategory): the product category tree; add a
 * top category or a sub-category, rename, delete (the server refuses one with products or children).
 */
export default function ProductCategoryPage() {
  const t = useSalesMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: salesKeys.categories, queryFn: salesApi.categories });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const reload = () => void queryClient.invalidateQueries({ queryKey: salesKeys.categories });

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue({ name: e.name });
  };
  const save = async () => {
    if (!editing || saving) return;
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await salesApi.saveCategory({ ...editing, name });
      message.success(t('saved'));
      setEditing(null);
      reload();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  const remove = (n: ProductCategoryNode) =>
    modal.confirm({
      title: t('categoryDelete', { name: n.label }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await salesApi.deleteCategory(n.categoryId);
          message.success(t('deleted'));
          reload();
        } catch {
          // the server's refusal (products or children) was shown
        }
      },
    });

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
        open={editing !== null}
        title={editing?.categoryId ? t('rename') : editing?.pid ? t('addChild') : t('addTop')}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
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
