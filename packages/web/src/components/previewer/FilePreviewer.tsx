import {
  CloseOutlined,
  DownloadOutlined,
  LeftOutlined,
  RightOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { downloadUrlOf, isImageName } from '@crm/shared';
import { Button, Empty } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FileTypeIcon } from './FileTypeIcon';
import { usePreviewerMessages } from './messages';
import './previewer.css';

/** A file to show: its address and name; `mime`, when known, decides whether it is a picture. */
export type PreviewFile = { url: string; name: string; mime?: string };

/** Spec 9: zoom in 1.3x, zoom out 0.7x down to 80 px wide, 90° per rotation, tips for 10 s. */
export const ZOOM_IN = 1.3;
export const ZOOM_OUT = 0.7;
export const MIN_WIDTH = 80;
export const ROTATE_STEP = 90;
export const TIP_MS = 10_000;

export const isPreviewImage = (f: PreviewFile): boolean =>
  f.mime ? f.mime.startsWith('image/') : isImageName(f.name) || isImageName(f.url);

/** Download through a temporary link: the session cookie authorises the GET. */
export function triggerDownload(file: PreviewFile): void {
  const a = document.createElement('a');
  a.href = downloadUrlOf(file.url);
  a.download = file.name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export type FilePreviewerProps = {
  files: PreviewFile[];
  /** The file shown first (default 0). */
  index?: number;
  open: boolean;
  onClose: () => void;
};

/** The full-screen image/file previewer of spec 2.13. */
export function FilePreviewer({ files, index = 0, open, onClose }: FilePreviewerProps) {
  const t = usePreviewerMessages();
  const [current, setCurrent] = useState(index);
  const [width, setWidth] = useState<number | null>(null);
  const [rotation, setRotation] = useState(0);
  const [tip, setTip] = useState<string | null>(null);
  const tipTimer = useRef<number | undefined>(undefined);
  const imgRef = useRef<HTMLImageElement>(null);

  // Each opening starts at the requested file, unzoomed.
  useEffect(() => {
    if (!open) return;
    setCurrent(index);
    setWidth(null);
    setRotation(0);
    setTip(null);
  }, [open, index]);
  useEffect(() => () => window.clearTimeout(tipTimer.current), []);

  const total = files.length;
  const at = Math.min(Math.max(current, 0), Math.max(total - 1, 0));
  const file = files[at];
  const image = file ? isPreviewImage(file) : false;

  const showTip = useCallback((text: string) => {
    setTip(text);
    window.clearTimeout(tipTimer.current);
    tipTimer.current = window.setTimeout(() => setTip(null), TIP_MS);
  }, []);

  const go = (delta: number) => {
    const next = at + delta;
    if (next < 0) return showTip(t('firstImage'));
    if (next >= total) return showTip(t('lastImage'));
    select(next);
  };
  const select = (i: number) => {
    setCurrent(i);
    setWidth(null);
    setRotation(0);
    setTip(null);
  };
  const zoom = (factor: number) => {
    const img = imgRef.current;
    const base = width ?? (img?.clientWidth || img?.naturalWidth || MIN_WIDTH);
    setWidth(Math.max(MIN_WIDTH, Math.round(base * factor)));
  };

  // Keyboard: Esc closes, arrows move. A ref keeps the listener on the latest state.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open]);

  if (!open) return null;

  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Button type="text" aria-label={label} title={label} icon={icon} onClick={onClick} disabled={disabled} />
  );

  return createPortal(
    <div className="crm-previewer" role="dialog" aria-modal="true" aria-label={t('preview')}>
      <div className="crm-previewer__bar">
        <span className="crm-previewer__counter">{total ? `${at + 1} / ${total}` : '0 / 0'}</span>
        <span className="crm-previewer__name" title={file?.name}>
          {file?.name}
        </span>
        <span className="crm-previewer__tools">
          {tool(t('zoomIn'), <ZoomInOutlined />, () => zoom(ZOOM_IN), !image)}
          {tool(t('zoomOut'), <ZoomOutOutlined />, () => zoom(ZOOM_OUT), !image)}
          {tool(t('rotate'), <RotateRightOutlined />, () => setRotation((r) => r + ROTATE_STEP), !image)}
          {tool(t('download'), <DownloadOutlined />, () => file && triggerDownload(file), !file)}
          {tool(t('close'), <CloseOutlined />, onClose)}
        </span>
      </div>

      <div className="crm-previewer__stage">
        {total > 1 && (
          <button type="button" className="crm-previewer__nav is-prev" aria-label={t('prev')} onClick={() => go(-1)}>
            <LeftOutlined />
          </button>
        )}
        {!file ? (
          <Empty className="crm-previewer__empty" description={t('noData')} />
        ) : image ? (
          <img
            key={file.url}
            ref={imgRef}
            className="crm-previewer__img"
            src={file.url}
            alt={file.name}
            draggable={false}
            style={{
              transform: `rotate(${rotation}deg)`,
              ...(width ? { width, maxWidth: 'none', maxHeight: 'none' } : null),
            }}
          />
        ) : (
          <div className="crm-previewer__file">
            <FileTypeIcon name={file.name} size={72} />
            <div className="crm-previewer__file-name">{file.name}</div>
            <div className="crm-previewer__file-hint">{t('noPreview')}</div>
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => triggerDownload(file)}>
              {t('download')}
            </Button>
          </div>
        )}
        {total > 1 && (
          <button type="button" className="crm-previewer__nav is-next" aria-label={t('next')} onClick={() => go(1)}>
            <RightOutlined />
          </button>
        )}
        {tip && (
          <div className="crm-previewer__tip" role="status">
            {tip}
          </div>
        )}
      </div>

      {total > 0 && (
        <div className="crm-previewer__thumbs">
          {files.map((f, i) => (
            <button
              type="button"
              // The same address may appear twice in a list; its position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is part of the identity here
              key={`${i}-${f.url}`}
              className={`crm-previewer__thumb${i === at ? ' is-active' : ''}`}
              title={f.name}
              aria-label={f.name}
              aria-current={i === at ? 'true' : undefined}
              onClick={() => select(i)}
            >
              {isPreviewImage(f) ? (
                <img src={f.url} alt="" draggable={false} />
              ) : (
                <FileTypeIcon name={f.name} size={28} />
              )}
            </button>
          ))}
        </div>
      )}
    </div>,
    document.body,
  );
}
