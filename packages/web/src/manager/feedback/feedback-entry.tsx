import { MessageOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useFeedbackMessages } from './messages';

// The dialog (form, upload, the sender's list) loads on the first click: the user menu is in every
// page's first load, which has a size budget (e2e/tests/asset-budget.test.ts).
const FeedbackDialog = lazy(() => import('./FeedbackDialog'));

/** The user menu's 意见反馈: its item, what a click on it does, and the dialog to render. */
export function useFeedbackEntry() {
  const t = useFeedbackMessages();
  const [open, setOpen] = useState(false);
  return {
    item: { key: 'feedback', icon: <MessageOutlined />, label: t('menu') },
    onKey(key: string) {
      if (key !== 'feedback') return false;
      setOpen(true);
      return true;
    },
    dialog: open ? (
      <Suspense fallback={null}>
        <FeedbackDialog onClose={() => setOpen(false)} />
      </Suspense>
    ) : null,
  };
}
