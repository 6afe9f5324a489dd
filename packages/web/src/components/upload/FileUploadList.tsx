import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileInfo, formatFileSize, truncateFileName, type UploadType } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, message, Tooltip, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { FileTypeIcon, isPreviewImage, type PreviewFile, triggerDownload, usePreviewer } from '../previewer';
import { fetchBatch, fileKeys, removeFile, uploadFile } from './api';
import { useUploadMessages } from './messages';
import { RenameDialog } from './RenameDialog';
import { useCurrentUploadSession } from './session';
import './upload-list.css';

export type FileUploadListProps = {
  /** The batch the files belong to; none until the first upload creates one. */
  batchId?: string | null;
  /** Called when the first upload creates the batch: the form stores it. */
  onBatchIdChange?: (batchId: string) => void;
  /** `img` accepts pictures only (the server checks the bytes too). */
  type?: UploadType;
  readOnly?: boolean;
  /** The delete confirmation's text where a form words it its own way (the shop form's 立即生效). */
  deleteConfirm?: string;
};

const toPreview = (f: FileInfo): PreviewFile => ({ url: f.url, name: f.name, mime: f.mime });

/**
 * A batch's attachments: upload one file per selection, list with size, preview, download,
 * rename and delete (after 您确定要删除该文件吗?), as the approval and shop forms use them.
 * Inside a form's upload session (session.tsx) new uploads stay staged until the form is saved
 * and removing a saved file waits for the save; a read-only list shows saved files only.
 */
export function FileUploadList({
  batchId,
  onBatchIdChange,
  type = 'file',
  readOnly = false,
  deleteConfirm,
}: FileUploadListProps) {
  const t = useUploadMessages();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [openPreview, previewer] = usePreviewer();
  const queryClient = useQueryClient();
  const session = useCurrentUploadSession();
  // Without a controlling parent the list remembers the batch its first upload created.
  const [ownBatch, setOwnBatch] = useState<string>();
  const batch = batchId || ownBatch;
  const { data: batchFiles = [] } = useQuery({
    queryKey: fileKeys.batch(batch ?? ''),
    queryFn: () => fetchBatch(batch!),
    enabled: Boolean(batch),
  });
  const files = batchFiles.filter((f) => (readOnly ? !f.staged : !session?.removed.includes(f.fileId)));
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<FileInfo | null>(null);

  const setFiles = (id: string, update: (old: FileInfo[]) => FileInfo[]) =>
    queryClient.setQueryData<FileInfo[]>(fileKeys.batch(id), (old) => update(old ?? []));

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const info = await uploadFile(file, { batchId: batch, type });
      session?.staged(info.fileId);
      setFiles(info.batchId, (old) => [...old, info]);
      if (info.batchId !== batch) {
        setOwnBatch(info.batchId);
        onBatchIdChange?.(info.batchId);
      }
    } catch {
      // the request layer showed the server's message
    } finally {
      setUploading(false);
    }
  };

  const confirmDelete = (file: FileInfo) =>
    modal.confirm({
      title: t('tip'),
      content: deleteConfirm ?? t('deleteConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        if (session && !file.staged) {
          // A file the record already has leaves it only when the form is saved.
          session.remove(file.fileId);
          toast.success(t('opSuccess'));
          return;
        }
        try {
          await removeFile(file.fileId);
          session?.forget(file.fileId);
          setFiles(file.batchId, (old) => old.filter((f) => f.fileId !== file.fileId));
          toast.success(t('opSuccess'));
        } catch {
          // the request layer showed the server's message
        }
      },
      onCancel: () => {
        toast.info(t('opCancelled'));
      },
    });

  const renamed = (file: FileInfo) => {
    setFiles(file.batchId, (old) => old.map((f) => (f.fileId === file.fileId ? file : f)));
    setRenaming(null);
    toast.success(t('opSuccess'));
  };

  const preview = (index: number) => openPreview(files.map(toPreview), index);
  const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onClick={onClick} danger={danger} />
    </Tooltip>
  );

  return (
    <div className="crm-upload-list">
      {!readOnly && (
        <Upload
          fileList={[]}
          showUploadList={false}
          multiple={false}
          accept={type === 'img' ? 'image/*' : undefined}
          disabled={uploading}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {type === 'img' ? t('uploadImage') : t('uploadFile')}
          </Button>
        </Upload>
      )}
      {readOnly && files.length === 0 && <div className="crm-upload-list__empty">{t('empty')}</div>}
      {files.length > 0 && (
        <ul className="crm-upload-list__items">
          {files.map((f, i) => {
            const shown = truncateFileName(f.name);
            return (
              <li key={f.fileId} className="crm-upload-list__item" data-testid="upload-item">
                <button type="button" className="crm-upload-list__thumb" onClick={() => preview(i)} tabIndex={-1}>
                  {isPreviewImage(toPreview(f)) ? <img src={f.url} alt="" /> : <FileTypeIcon name={f.name} size={20} />}
                </button>
                <Tooltip title={shown === f.name ? undefined : f.name}>
                  <button type="button" className="crm-upload-list__name" onClick={() => preview(i)}>
                    {shown}
                  </button>
                </Tooltip>
                <span className="crm-upload-list__size">{formatFileSize(f.size)}</span>
                <span className="crm-upload-list__actions">
                  {action(t('preview'), <EyeOutlined />, () => preview(i))}
                  {action(t('download'), <DownloadOutlined />, () => triggerDownload(toPreview(f)))}
                  {/* A saved file changes through its record's form: renamed never, removed on save. */}
                  {!readOnly && f.staged && action(t('rename'), <EditOutlined />, () => setRenaming(f))}
                  {!readOnly &&
                    (f.staged || session) &&
                    action(t('remove'), <DeleteOutlined />, () => confirmDelete(f), true)}
                </span>
                {/* The call centre (issue 25, h-call): a saved recording plays where it is listed. */}
                {readOnly && f.mime.startsWith('audio/') && (
                  // biome-ignore lint/a11y/useMediaCaption: a telephone recording has no captions
                  <audio
                    className="crm-upload-list__audio"
                    controls
                    preload="none"
                    src={f.url}
                    data-testid="upload-audio"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {renaming && <RenameDialog file={renaming} onClose={() => setRenaming(null)} onDone={renamed} />}
      {previewer}
      {modalHolder}
      {toastHolder}
    </div>
  );
}
