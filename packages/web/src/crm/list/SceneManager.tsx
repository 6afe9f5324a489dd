import { App, Button, List, Modal, Space, Tag } from 'antd';
import type { Scene } from '../api';
import { useCrmMessages } from '../messages';

/**
 * 场景管理: every scene of the user; any one can become the default the list opens with,
 * saved ones can be deleted, system ones (全部, 我负责的, …) cannot.
 */
export function SceneManager({
  open,
  scenes,
  onClose,
  onSetDefault,
  onDelete,
}: {
  open: boolean;
  scenes: Scene[];
  onClose: () => void;
  onSetDefault: (scene: Scene) => Promise<void>;
  onDelete: (scene: Scene) => Promise<void>;
}) {
  const t = useCrmMessages();
  const { modal } = App.useApp();
  const custom = scenes.filter((s) => !s.isSystem);
  return (
    <Modal open={open} title={t('sceneManage')} onCancel={onClose} footer={null} destroyOnHidden>
      <List
        data-testid="scene-manager"
        dataSource={scenes}
        footer={custom.length === 0 ? <span className="crm-muted">{t('sceneEmpty')}</span> : undefined}
        renderItem={(s) => (
          <List.Item
            data-testid="scene-item"
            actions={[
              s.isDefault === 1 ? (
                <Tag key="default" color="blue">
                  {t('isDefault')}
                </Tag>
              ) : (
                <Button key="default" type="link" size="small" onClick={() => onSetDefault(s)}>
                  {t('setDefault')}
                </Button>
              ),
              ...(s.isSystem
                ? []
                : [
                    <Button
                      key="delete"
                      type="link"
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('deleteScene'),
                          content: t('deleteSceneConfirm', { name: s.name }),
                          onOk: () => onDelete(s),
                        })
                      }
                    >
                      {t('delete')}
                    </Button>,
                  ]),
            ]}
          >
            <Space>
              <span>{s.name}</span>
              {s.isSystem && <Tag>{t('system')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
