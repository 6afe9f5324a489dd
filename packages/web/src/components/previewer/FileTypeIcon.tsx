import {
  AudioOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { fileExtension } from '@crm/shared';
import type { ComponentType, CSSProperties } from 'react';

type IconKind = { icon: ComponentType<{ style?: CSSProperties }>; color: string };

const KINDS: [string[], IconKind][] = [
  [['pdf'], { icon: FilePdfOutlined, color: '#e5484d' }],
  [['doc', 'docx'], { icon: FileWordOutlined, color: '#2b6ce4' }],
  [['xls', 'xlsx', 'csv'], { icon: FileExcelOutlined, color: '#1f9d55' }],
  [['ppt', 'pptx'], { icon: FilePptOutlined, color: '#e8743b' }],
  [['zip', 'rar', '7z'], { icon: FileZipOutlined, color: '#8a6d3b' }],
  [['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'], { icon: FileImageOutlined, color: '#7a5af8' }],
  [['txt'], { icon: FileTextOutlined, color: '#667085' }],
  [['mp3', 'wav'], { icon: AudioOutlined, color: '#0e9384' }],
  [['mp4', 'mov'], { icon: VideoCameraOutlined, color: '#c11574' }],
];
const FALLBACK: IconKind = { icon: FileOutlined, color: '#667085' };

/** The icon of a file by its extension (pdf, Word, Excel, ...), in the type's usual colour. */
export function FileTypeIcon({ name, size = 16 }: { name: string; size?: number }) {
  const ext = fileExtension(name);
  const { icon: Icon, color } = KINDS.find(([exts]) => exts.includes(ext))?.[1] ?? FALLBACK;
  return <Icon style={{ fontSize: size, color }} />;
}
