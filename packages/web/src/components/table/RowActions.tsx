import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { defineMessages } from '@/i18n';

const useMessages = defineMessages({ zh: { more: '更多' }, en: { more: 'More' } });

export type RowAction = { key: string; label: string; danger?: boolean; onClick: () => void };

/**
 * The actions of a table row in a narrow column: up to `inline` links; past that the first
 * `inline - 1` stay links and the rest go under 更多, so the column keeps one width in every
 * language and list pages fit a 1366 px screen.
 */
export function RowActions({ actions, inline = 2 }: { actions: RowAction[]; inline?: number }) {
  const t = useMessages();
  const shown = actions.length <= inline ? actions : actions.slice(0, inline - 1);
  const rest = actions.slice(shown.length);
  return (
    <Space size={0} className="row-actions">
      {shown.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.danger} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => rest.find((a) => a.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small">
            {t('more')} <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
