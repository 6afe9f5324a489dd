import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CatalogueMsg, catalogueText, type ProjectClassNode } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space, Switch, Tag, Tooltip, Tree } from 'antd';
import { useEditDialog } from '@/manager/use-edit-dialog';
import { catalogueApi, catalogueKeys } from './api';
import { useCatalogueMessages } from './messages';

type Editing = { classId?: number; name: string; pid: number | null; enabled: boolean };

/**
 * The class tree on the left of the catalogue: choosing a class filters the table (with its
 * subclasses); with 编辑 rights each class can get a subclass, be renamed, moved up or down among
 * its siblings or deleted (the server refuses a class with subclasses or projects).
 */
export function ClassTree({
  tree,
  selected,
  onSelect,
  canEdit,
  canDelete,
}: {
  tree: ProjectClassNode[];
  selected: number | undefined;
  onSelect: (classId: number | undefined) => void;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const t = useCatalogueMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  const [form] = Form.useForm<{ name: string; enabled: boolean }>();
  const dialog = useEditDialog<Editing>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('save'), cancel: t('cancel') },
    reload,
  );

  const open = (e: Editing) => {
    dialog.open(e);
    form.setFieldsValue({ name: e.name, enabled: e.enabled });
  };
  const save = () =>
    dialog.save(async (e) => {
      const values = await form.validateFields();
      await catalogueApi.saveClass({ ...e, ...values });
    });
  const move = async (siblings: ProjectClassNode[], index: number, by: -1 | 1) => {
    const ids = siblings.map((s) => s.classId);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await catalogueApi.sortClasses(siblings[0]!.pid, ids);
      message.success(t('done'));
      reload();
    } catch {
      // the request layer showed the refusal
    }
  };

  const toTree = (nodes: ProjectClassNode[]): object[] =>
    nodes.map((n, i) => ({
      key: n.classId,
      title: (
        <span className="catalogue-tree__node">
          <span>
            {n.name}
            {n.projectCount > 0 && <span className="catalogue-tree__count"> ({n.projectCount})</span>}
            {!n.enabled && <Tag style={{ marginInlineStart: 4 }}>{t('disabledTag')}</Tag>}
          </span>
          {(canEdit || canDelete) && (
            // Clicking a tool must not also choose the class.
            <Space size={0} className="catalogue-tree__tools" onClick={(e) => e.stopPropagation()}>
              {canEdit && (
                <>
                  <Tooltip title={t('addChild')}>
                    <Button
                      type="text"
                      size="small"
                      aria-label={`${t('addChild')} ${n.name}`}
                      icon={<PlusOutlined />}
                      onClick={() => open({ name: '', pid: n.classId, enabled: true })}
                    />
                  </Tooltip>
                  <Tooltip title={t('rename')}>
                    <Button
                      type="text"
                      size="small"
                      aria-label={`${t('rename')} ${n.name}`}
                      icon={<EditOutlined />}
                      onClick={() => open({ classId: n.classId, name: n.name, pid: n.pid, enabled: n.enabled })}
                    />
                  </Tooltip>
                  <Button
                    type="text"
                    size="small"
                    aria-label={`${t('moveUp')} ${n.name}`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(nodes, i, -1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    aria-label={`${t('moveDown')} ${n.name}`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === nodes.length - 1}
                    onClick={() => move(nodes, i, 1)}
                  />
                </>
              )}
              {canDelete && (
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label={`${t('delete')} ${n.name}`}
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    dialog.confirmRemove(t('classDelete', { name: n.name }), () => catalogueApi.deleteClass(n.classId))
                  }
                />
              )}
            </Space>
          )}
        </span>
      ),
      children: toTree(n.children),
    }));

  return (
    <Card
      size="small"
      title={t('classes')}
      extra={
        canEdit && (
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => open({ name: '', pid: null, enabled: true })}
          >
            {t('addTop')}
          </Button>
        )
      }
    >
      <Button type={selected === undefined ? 'primary' : 'text'} size="small" block onClick={() => onSelect(undefined)}>
        {t('allClasses')}
      </Button>
      {/* Mounted with its data: defaultExpandAll only expands what the first render holds. */}
      {tree.length > 0 && (
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
          treeData={toTree(tree) as never}
        />
      )}
      <Modal
        {...dialog.modalProps}
        title={dialog.editing?.classId ? t('rename') : dialog.editing?.pid ? t('addChild') : t('addTop')}
        onOk={save}
      >
        <Form form={form} layout="vertical" name="project-class">
          <Form.Item
            name="name"
            label={t('className')}
            rules={[{ required: true, whitespace: true, message: CatalogueMsg.classNameRequired }]}
          >
            <Input maxLength={catalogueText.className.max} />
          </Form.Item>
          <Form.Item name="enabled" label={t('classEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
