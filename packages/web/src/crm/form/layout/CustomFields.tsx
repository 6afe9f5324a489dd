import type { FieldDefinition } from '@crm/shared';
import { Divider } from 'antd';
import { DynamicFormFields } from '@/components/dynamic-form';

/** The administrator's custom fields under 其他信息, after a layout's sections (their own chunk). */
export default function CustomFields({ fields, title }: { fields: FieldDefinition[]; title: string }) {
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      <DynamicFormFields fields={fields} name="custom" />
    </>
  );
}
