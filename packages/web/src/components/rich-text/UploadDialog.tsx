import { InboxOutlined } from '@ant-design/icons';
import type { EditorConfig, FileInfo } from '@crm/shared';
import { Alert, Input, Modal, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { uploadFile } from '@/components/upload/api';
import type { EditorT } from './messages';
import { fileFits } from './rules';

export type UploadKind = 'image' | 'video' | 'attachment';

const titles = { image: 'imageTitle', video: 'videoTitle', attachment: 'attachmentTitle' } as const;

/**
 * 插入图片 / 插入视频 / 插入附件: files go through the file service into the form's batch (so they
 * become the record's when it is saved and its readers may see them), checked here for type and
 * size before they are sent (the server checks the bytes again). Images and videos may also be
 * web addresses; attachments take up to 100 files at once.
 */
export function UploadDialog({
  t,
  kind,
  config,
  batchId,
  onInsert,
  onCancel,
}: {
  t: EditorT;
  kind: UploadKind;
  config: EditorConfig;
  batchId: string;
  onInsert: (files: { url: string; name: string }[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<File[]>([]);
  const [remote, setRemote] = useState('');
  const [tab, setTab] = useState('upload');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const types = kind === 'image' ? config.imageTypes : kind === 'video' ? config.videoTypes : config.fileTypes;
  const max = kind === 'attachment' ? config.attachmentMaxFiles : 1;

  const choose = (file: File, all: File[]) => {
    if (file !== all[0]) return false;
    const next = (max === 1 ? all.slice(0, 1) : [...chosen, ...all]).slice();
    if (next.length > max) {
      setError(t('tooMany', { max }));
      return false;
    }
    for (const f of next) {
      const issue = fileFits(f, types, config.uploadMaxMb);
      if (issue) {
        setError(
          issue === 'type'
            ? t('typeRejected', { name: f.name })
            : t('tooLarge', { name: f.name, max: config.uploadMaxMb }),
        );
        return false;
      }
    }
    setError('');
    setChosen(next);
    return false;
  };

  const submit = async () => {
    if (busy) return;
    if (tab === 'remote') {
      if (!/^https?:\/\/\S+$/i.test(remote.trim())) {
        setError(t('remoteInvalid'));
        return;
      }
      onInsert([{ url: remote.trim(), name: remote.trim() }]);
      return;
    }
    if (chosen.length === 0) return;
    setBusy(true);
    try {
      const done: FileInfo[] = [];
      // One file per request (spec 9), in the order chosen.
      for (const f of chosen) done.push(await uploadFile(f, { batchId, type: kind === 'image' ? 'img' : 'file' }));
      onInsert(done.map((f) => ({ url: f.url, name: f.name })));
    } catch {
      // the request layer showed the server's message
      setBusy(false);
    }
  };

  const uploader = (
    <>
      <Upload.Dragger
        multiple={max > 1}
        accept={types.map((x) => `.${x}`).join(',')}
        beforeUpload={choose}
        showUploadList={false}
        data-testid={`upload-${kind}`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('upload')}</p>
        <p className="rt-upload__tips">
          {kind === 'attachment'
            ? t('attachmentTips', { max: config.attachmentMaxFiles, size: config.uploadMaxMb })
            : types.join(' / ')}
        </p>
      </Upload.Dragger>
      <ul className="rt-upload__chosen" data-testid="upload-chosen">
        {chosen.map((f) => (
          <li key={`${f.name}-${f.size}-${f.lastModified}`}>{f.name}</li>
        ))}
      </ul>
    </>
  );
  return (
    <Modal
      open
      title={t(titles[kind])}
      onOk={submit}
      onCancel={onCancel}
      okText={busy ? t('uploading') : t('ok')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'upload-ok' } as Record<string, string>) }}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      {kind === 'attachment' ? (
        uploader
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            setError('');
          }}
          items={[
            { key: 'upload', label: t('upload'), children: uploader },
            {
              key: 'remote',
              label: t('remoteUrl'),
              children: (
                <Input value={remote} placeholder={t('remoteTips')} onChange={(e) => setRemote(e.target.value)} />
              ),
            },
          ]}
        />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="upload-error" />}
    </Modal>
  );
}
