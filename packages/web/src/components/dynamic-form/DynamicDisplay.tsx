import type { FieldDefinition } from '@crm/shared';
import { Descriptions } from 'antd';
import { fieldWidgets } from './registry';
import './dynamic-form.css';
import { fieldKey } from './values';

/** Read-only values of a list of field definitions, two columns (item lists take a full row). */
export function DynamicDisplay({
  fields,
  values,
  column = 2,
}: {
  fields: FieldDefinition[];
  values: Record<string, unknown> | null | undefined;
  column?: number;
}) {
  const items = fields.flatMap((f, i) => {
    const entry = fieldWidgets[f.formType];
    if (!entry) return [];
    const Display = entry.display;
    const key = fieldKey(f, i);
    return [
      {
        key,
        label: f.name,
        span: entry.wide ? column : 1,
        children: <Display field={f} value={values?.[key]} values={values} />,
      },
    ];
  });
  if (items.length === 0) return null;
  return <Descriptions className="df-display" column={{ xs: 1, md: column }} size="small" bordered items={items} />;
}
