import { FILE_NAME_MAX, type FileInfo, fileExtension, keepExtension } from '@crm/shared';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { renameFile } from './api';
import { useUploadMessages } from './messages';

/** Rename a file: the extension stays (shown beside the box) since the content decides it. */
export function RenameDialog({
  file,
  onClose,
  onDone,
}: {
  file: FileInfo;
  onClose: () => void;
  onDone: (file: FileInfo) => void;
}) {
  const t = useUploadMessages();
  const ext = fileExtension(file.name);
  const [value, setValue] = useState(ext ? file.name.slice(0, -(ext.length + 1)) : file.name);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!value.trim()) return setError(t('nameRequired'));
    setSaving(true);
    try {
      onDone(await renameFile(file.fileId, keepExtension(value, file.name)));
    } catch {
      // the request layer showed the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('rename')}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label={t('rename')}
        value={value}
        maxLength={FILE_NAME_MAX - ext.length - 1}
        suffix={ext ? `.${ext}` : undefined}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        onPressEnter={save}
      />
      {error && <div className="crm-upload-list__error">{error}</div>}
    </Modal>
  );
}
