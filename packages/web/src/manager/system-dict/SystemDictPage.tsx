import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { useCommonMessages } from '../messages';
import { type DictItem, type DictType, dictApi, dictKeys, type ItemBody, type TypeBody } from './api';
import { ItemDialog, TypeDialog } from './DictDialogs';
import { useDictMessages } from './messages';
import './system-dict.css';

/**
 * Manager › 系统字典 (manage:system:dict): the dictionaries and code lists the approval forms
 * read (approvals.md 7). Left: the lists; right: the chosen list's entries.
 */
export default function SystemDictPage() {
  const t = useDictMessages();
  const { lang } = useLang();
  const c = useCommonMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [typeDialog, setTypeDialog] = useState<{ editing: DictType | null } | null>(null);
  const [itemDialog, setItemDialog] = useState<{ editing: DictItem | null } | null>(null);

  const types = useQuery({ queryKey: dictKeys.types, queryFn: dictApi.types });
  const chosen = types.data?.find((x) => x.typeId === chosenId) ?? types.data?.[0] ?? null;
  const items = useQuery({
    queryKey: dictKeys.items(chosen?.typeId ?? 0),
    queryFn: () => dictApi.items(chosen!.typeId),
    enabled: Boolean(chosen),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: dictKeys.all });
  // A built-in dictionary's name is the system's (its code is fixed): the page names it; others as typed.
  const typeName = (x: DictType) => {
    if (!x.builtin || lang !== 'en') return x.name;
    const key = `builtin_${x.code}` as Parameters<typeof t>[0];
    const named = t(key);
    return named === key ? x.name : named;
  };

  const saveType = async (body: TypeBody) => {
    const { typeId } = await dictApi.saveType(body);
    message.success(body.typeId ? c('editSuccess') : c('addSuccess'));
    setTypeDialog(null);
    setChosenId(typeId);
    reload();
  };
  const saveItem = async (body: ItemBody) => {
    await dictApi.saveItem(body);
    message.success(body.itemId ? c('editSuccess') : c('addSuccess'));
    setItemDialog(null);
    reload();
  };
  const removeType = useMutation({
    mutationFn: (typeId: number) => dictApi.deleteType(typeId),
    onSuccess: () => {
      message.success(c('deleteSuccess'));
      setChosenId(null);
      reload();
    },
  });
  const removeItem = useMutation({
    mutationFn: (itemId: number) => dictApi.deleteItem(itemId),
    onSuccess: () => {
      message.success(c('deleteSuccess'));
      reload();
    },
  });
  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: c('confirmTitle'),
      content,
      okButtonProps: { danger: true },
      onOk: () => run().catch(() => undefined),
    });

  const columns: ColumnsType<DictItem> = [
    { title: chosen?.kind === 'code' ? t('codeNo') : t('value'), dataIndex: 'value', key: 'value' },
    { title: t('itemName'), dataIndex: 'name', key: 'name' },
    { title: t('sort'), dataIndex: 'sort', key: 'sort', width: 90 },
    {
      title: c('actions'),
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setItemDialog({ editing: row })}>
            {c('edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirm(t('deleteItemConfirm', { name: row.name }), () => removeItem.mutateAsync(row.itemId))
            }
          >
            {c('delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <div className="dict-page">
        <div className="dict-page__types">
          <Button block type="dashed" icon={<PlusOutlined />} onClick={() => setTypeDialog({ editing: null })}>
            {t('addType')}
          </Button>
          <List<DictType>
            loading={types.isLoading}
            dataSource={types.data ?? []}
            data-testid="dict-types"
            renderItem={(x) => (
              <List.Item
                className={x.typeId === chosen?.typeId ? 'dict-page__type dict-page__type--on' : 'dict-page__type'}
                onClick={() => setChosenId(x.typeId)}
              >
                <div className="dict-page__type-name">
                  <span>{typeName(x)}</span>
                  <Typography.Text type="secondary" className="dict-page__type-code">
                    {t(`kind_${x.kind}`)} · {x.code} · {t('items', { n: x.itemCount })}
                  </Typography.Text>
                </div>
                {x.builtin && <Tag>{t('builtin')}</Tag>}
              </List.Item>
            )}
          />
        </div>
        <div className="dict-page__items">
          {chosen ? (
            <>
              <div className="dict-page__head">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {typeName(chosen)} <Typography.Text type="secondary">{chosen.code}</Typography.Text>
                </Typography.Title>
                <Space>
                  <Button icon={<EditOutlined />} onClick={() => setTypeDialog({ editing: chosen })}>
                    {t('editType')}
                  </Button>
                  {!chosen.builtin && (
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        confirm(t('deleteTypeConfirm', { name: typeName(chosen) }), () =>
                          removeType.mutateAsync(chosen.typeId),
                        )
                      }
                    >
                      {c('delete')}
                    </Button>
                  )}
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setItemDialog({ editing: null })}>
                    {t('addItem')}
                  </Button>
                </Space>
              </div>
              <Table<DictItem>
                rowKey="itemId"
                size="middle"
                loading={items.isFetching}
                columns={columns}
                dataSource={items.data ?? []}
                pagination={false}
                locale={{ emptyText: c('noData') }}
              />
            </>
          ) : (
            <Empty description={t('noType')} />
          )}
        </div>
      </div>
      <TypeDialog
        open={typeDialog !== null}
        editing={typeDialog?.editing ?? null}
        onCancel={() => setTypeDialog(null)}
        onSave={saveType}
      />
      {chosen && (
        <ItemDialog
          open={itemDialog !== null}
          type={chosen}
          editing={itemDialog?.editing ?? null}
          onCancel={() => setItemDialog(null)}
          onSave={saveItem}
        />
      )}
    </Card>
  );
}
