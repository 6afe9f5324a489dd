import { CloseOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Form, Space, Tag } from 'antd';
import { type PickedRecord, RelationPicker, useRecordNames } from '@/components/record-picker';
import { useLang } from '@/i18n';
import { useCreateMessages } from './messages';
import type { RelatedKind } from './related';

/** One kind's links: the chosen records as tags (unlinking asks first) and the relation picker. */
function KindLinks({
  related,
  value = [],
  onChange,
}: {
  related: RelatedKind;
  value?: PickedRecord[];
  onChange?: (v: PickedRecord[]) => void;
}) {
  const t = useCreateMessages();
  const { lang } = useLang();
  const { modal, message } = App.useApp();
  const named = useRecordNames(related.kind, related.prefix, value);
  const kindName = lang === 'en' ? related.kind.nameEn : related.kind.name;
  const unlink = (id: number) =>
    modal.confirm({
      title: t('unlinkConfirm'),
      onOk: () => onChange?.(value.filter((v) => v.id !== id)),
      onCancel: () => void message.info(t('unlinkCancelled')),
    });
  return (
    <Space wrap size={[4, 4]} data-testid={`related-${related.kind.key}`}>
      {named.map((r) => (
        <Tag
          key={r.id}
          closable
          closeIcon={<CloseOutlined aria-label={t('unlink')} />}
          onClose={(e) => {
            e.preventDefault();
            unlink(r.id);
          }}
        >
          {r.name}
        </Tag>
      ))}
      <RelationPicker kind={related.kind} prefix={related.prefix} value={named} onChange={(v) => onChange?.(v)}>
        <Button size="small" icon={<LinkOutlined />}>
          {t('linkKind', { name: kindName })}
        </Button>
      </RelationPicker>
    </Space>
  );
}

/**
 * The approval form's related-business block (approvals.md): per kind the user may list, the
 * linked records and a picker for more. The server keeps them as `oaExamineRelation`.
 */
export function RelatedBusiness({ kinds }: { kinds: RelatedKind[] }) {
  const { lang } = useLang();
  return (
    <>
      {kinds.map((k) => (
        <Form.Item key={k.key} name={['relation', k.key]} label={lang === 'en' ? k.kind.nameEn : k.kind.name}>
          <KindLinks related={k} />
        </Form.Item>
      ))}
    </>
  );
}
