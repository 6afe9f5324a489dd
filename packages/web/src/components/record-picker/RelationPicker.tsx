import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { RecordKind } from '@crm/shared';
import { useQueries } from '@tanstack/react-query';
import { Button, Popover, type PopoverProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLang } from '@/i18n';
import { linkPickerApi, type PickedRecord, recordDisplayName } from './api';
import { useLinkPickerMessages } from './messages';
import { RecordLinkPicker } from './RecordLinkPicker';

export type RelationPickerProps = {
  /** The trigger; clicking it opens the popover. */
  children: ReactNode;
  kind: RecordKind;
  prefix: string;
  value: PickedRecord[];
  onChange: (value: PickedRecord[]) => void;
  single?: boolean;
  placement?: PopoverProps['placement'];
  disabled?: boolean;
};

/** Spec 9: relation and product popovers are 700 px wide. */
export const RELATION_POPOVER_WIDTH = 700;

/**
 * Names of records known by id only (an approval being edited keeps its linked ids): fetched
 * once each through the kind's detail call; a record the viewer may no longer open keeps its id.
 */
export function useRecordNames(kind: RecordKind, prefix: string, value: PickedRecord[]): PickedRecord[] {
  const api = linkPickerApi(prefix);
  const missing = value.filter((v) => !v.name);
  const answers = useQueries({
    queries: missing.map((v) => ({
      queryKey: ['recordPicker', prefix, 'name', v.id],
      queryFn: () => api.one(v.id),
      staleTime: 300_000,
      retry: false,
    })),
  });
  return value.map((v) => {
    if (v.name) return v;
    const i = missing.findIndex((m) => m.id === v.id);
    const record = answers[i]?.data?.record;
    return { id: v.id, name: record ? recordDisplayName(kind, record) : `#${v.id}` };
  });
}

/**
 * The relation picker popover (crm-records 2): the records linked so far by their display
 * names, each removable, and a button opening the link picker for more.
 */
export function RelationPicker({
  children,
  kind,
  prefix,
  value,
  onChange,
  single = false,
  placement = 'bottomLeft',
  disabled,
}: RelationPickerProps) {
  const t = useLinkPickerMessages();
  const { lang } = useLang();
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const named = useRecordNames(kind, prefix, value);
  const kindName = lang === 'en' ? kind.nameEn : kind.name;

  return (
    <>
      <Popover
        trigger="click"
        open={open && !picking}
        onOpenChange={(o) => !disabled && setOpen(o)}
        placement={placement}
        title={kindName}
        styles={{ root: { width: RELATION_POPOVER_WIDTH, maxWidth: 'calc(100vw - 16px)' } }}
        content={
          <div className="rp-relation" data-testid={`relation-${kind.key}`}>
            <div className="rp-relation-list">
              {named.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
              {named.map((r) => (
                <div key={r.id} className="rp-relation-item">
                  <span>{r.name}</span>
                  <Button
                    type="text"
                    size="small"
                    aria-label={t('remove')}
                    icon={<CloseOutlined />}
                    onClick={() => onChange(value.filter((v) => v.id !== r.id))}
                  />
                </div>
              ))}
            </div>
            <div>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                {t('choose', { name: kindName })}
              </Button>
            </div>
          </div>
        }
      >
        {children}
      </Popover>
      <RecordLinkPicker
        open={picking}
        kind={kind}
        prefix={prefix}
        single={single}
        value={named}
        onCancel={() => setPicking(false)}
        onConfirm={(picked) => {
          setPicking(false);
          onChange(picked);
        }}
      />
    </>
  );
}
