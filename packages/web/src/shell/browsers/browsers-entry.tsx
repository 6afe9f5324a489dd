import { ChromeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { BrowsersDialog } from './BrowsersDialog';
import { useBrowserMessages } from './messages';

/** The user menu's 支持的浏览器: its item, what a click on it does, and the dialog to render. */
export function useBrowsersEntry() {
  const t = useBrowserMessages();
  const [open, setOpen] = useState(false);
  return {
    item: { key: 'browsers', icon: <ChromeOutlined />, label: t('menu') },
    onKey(key: string) {
      if (key !== 'browsers') return false;
      setOpen(true);
      return true;
    },
    dialog: open ? <BrowsersDialog onClose={() => setOpen(false)} /> : null,
  };
}
