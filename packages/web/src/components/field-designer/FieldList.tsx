import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Tag, Tooltip } from 'antd';
import { useLang } from '@/i18n';
import type { DraftField } from './draft';
import { formTypeName, useDesignerMessages } from './messages';

export function FieldList({
  fields,
  selected,
  readOnly,
  onSelect,
  onMove,
  onRemove,
}: {
  fields: DraftField[];
  selected: string | null;
  readOnly: boolean;
  onSelect: (uid: string) => void;
  onMove: (index: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const t = useDesignerMessages();
  const { lang } = useLang();
  if (fields.length === 0) return <Empty description={readOnly ? t('noFields') : t('empty')} />;
  const op = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        danger={danger}
        disabled={disabled}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      />
    </Tooltip>
  );
  return (
    <ol className="fd-list" data-testid="fd-list">
      {fields.map((f, i) => (
        <li key={f.uid} className={f.uid === selected ? 'fd-row fd-row--active' : 'fd-row'}>
          <button type="button" className="fd-row__main" onClick={() => onSelect(f.uid)}>
            {/* The names being designed, as stored: the administrator's words, fixed ones too (renamed here). */}
            <span className="fd-row__name" data-user-data>
              {f.isNull === 1 && <span className="fd-row__star">*</span>}
              {f.name || '—'}
            </span>
            {f.fieldType === 1 && <Tag color="blue">{t('fixed')}</Tag>}
            <Tag variant="filled">{formTypeName(f.formType, lang)}</Tag>
          </button>
          {!readOnly && (
            <span className="fd-row__ops">
              {op(t('moveUp'), <ArrowUpOutlined />, () => onMove(i, i - 1), i === 0)}
              {op(t('moveDown'), <ArrowDownOutlined />, () => onMove(i, i + 1), i === fields.length - 1)}
              {op(
                f.fieldType === 1 ? t('fixedNoRemove') : t('remove'),
                <DeleteOutlined />,
                () => onRemove(i),
                f.fieldType === 1,
                true,
              )}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
