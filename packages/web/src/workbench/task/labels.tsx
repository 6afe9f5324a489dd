import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { type TaskLabelTag, taskApi, taskKeys } from './api';
import { useTaskMessages } from './messages';

/** The shared label list (refetched with every task change: `taskKeys.all` covers it). */
export function useTaskLabels() {
  return useQuery({ queryKey: taskKeys.labels, queryFn: taskApi.labels, staleTime: 60_000 });
}

/** A task's labels as coloured tags. */
export function LabelTags({ labels }: { labels: TaskLabelTag[] }) {
  if (!labels.length) return null;
  return (
    <span className="task-labels">
      {labels.map((l) => (
        <Tag key={l.labelId} color={l.color} data-testid="task-label">
          {l.labelName}
        </Tag>
      ))}
    </span>
  );
}

/** Pick labels (the form) or one label (the list filter, `single`). */
export function LabelSelect({
  value,
  onChange,
  single,
  style,
}: {
  value?: number[] | number;
  /** One id (single) or a list, as antd's Select answers. */
  onChange?: (v: any) => void;
  single?: boolean;
  style?: React.CSSProperties;
}) {
  const t = useTaskMessages();
  const labels = useTaskLabels();
  const byId = new Map((labels.data ?? []).map((l) => [l.labelId, l]));
  return (
    <Select
      aria-label={t('labels')}
      mode={single ? undefined : 'multiple'}
      allowClear
      style={style}
      value={value}
      onChange={onChange}
      placeholder={single ? t('labelAll') : t('labels')}
      loading={labels.isLoading}
      optionFilterProp="label"
      options={(labels.data ?? []).map((l) => ({ value: l.labelId, label: l.name }))}
      optionRender={(o) => <Tag color={byId.get(Number(o.value))?.color}>{o.label}</Tag>}
      tagRender={({ value: id, closable, onClose }) => {
        const l = byId.get(Number(id));
        return (
          <Tag color={l?.color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
            {l?.name ?? id}
          </Tag>
        );
      }}
    />
  );
}
