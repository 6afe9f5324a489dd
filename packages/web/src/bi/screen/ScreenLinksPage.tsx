import { screenLinkMaxDays } from '@crm/shared';
import { Alert, Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { DeptPicker } from '@/components/dept-picker';
import { OpenLinkManager } from '@/components/open-links/OpenLinkManager';
import { useScreenMessages } from './messages';

/** A department for the new link (Form.Item gives value and onChange); empty is the whole company. */
function DeptField({ onChange }: { value?: number; onChange?: (id: number | undefined) => void }) {
  const t = useScreenMessages();
  const [name, setName] = useState<string | null>(null);
  return (
    <Space>
      <DeptPicker
        single
        value={[]}
        onConfirm={(ds) => {
          setName(ds[0]?.name ?? null);
          onChange?.(ds[0]?.id);
        }}
      >
        <Button data-testid="screen-link-dept">{name ?? t('pickDept')}</Button>
      </DeptPicker>
      {name && (
        <Button
          type="link"
          onClick={() => {
            setName(null);
            onChange?.(undefined);
          }}
        >
          {t('clear')}
        </Button>
      )}
    </Space>
  );
}

/** /bi/screenLinks: the administrator's links of the wall screen (/largeScreen), per department or company. */
export default function ScreenLinksPage() {
  const t = useScreenMessages();
  return (
    <Card title={t('links')}>
      <Alert type="info" showIcon message={t('linksHint')} style={{ marginBottom: 16 }} />
      <OpenLinkManager
        base="/bi/screenLink"
        maxDays={screenLinkMaxDays}
        defaultDays={30}
        extraFields={
          <Form.Item name="deptId" label={t('dept')} extra={t('deptHint')}>
            <DeptField />
          </Form.Item>
        }
        subjectColumn={{
          title: t('dept'),
          render: (s) => (typeof s.deptName === 'string' && s.deptName ? s.deptName : t('company')),
        }}
      />
    </Card>
  );
}
