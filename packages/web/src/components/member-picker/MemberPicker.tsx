import { UserPageType } from '@crm/shared';
import { Popover, type PopoverProps, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import './member-picker.css';
import { usePickerMessages } from './messages';
import { emptyPickerValue, type UserPageType as PickerPageType, type PickerValue } from './types';

// The panel (tabs, department tree, user list) is its own chunk, fetched on the first open: a form
// with a member field opens without it (bench/RESULTS.md, the statistics overview's first visit).
const PickerPanel = lazy(() => import('./PickerPanel').then((m) => ({ default: m.PickerPanel })));

export type MemberPickerProps = {
  /** The trigger (a button, a field…); clicking it opens the picker. */
  children: ReactNode;
  /** Default 选择成员. */
  title?: ReactNode;
  /** Default 600. */
  width?: number;
  /** Default bottom-start. */
  placement?: PopoverProps['placement'];
  /** Hide the employee or the department tab. */
  hideUsers?: boolean;
  hideDepts?: boolean;
  /** Radio semantics: ticking one item replaces the selection. */
  single?: boolean;
  /** User list page type: 0 (default) active users, 1001 my subordinates, 1002 everyone. */
  pageType?: PickerPageType;
  /** Controlled selection the picker opens with. */
  value?: PickerValue;
  defaultValue?: PickerValue;
  onConfirm?: (value: PickerValue) => void;
  onCancel?: () => void;
  disabled?: boolean;
};

/** The member/department picker popover (spec 2.9, 4.4). */
export function MemberPicker({
  children,
  title,
  width = 600,
  placement = 'bottomLeft',
  hideUsers = false,
  hideDepts = false,
  single = false,
  pageType = UserPageType.picker,
  value,
  defaultValue,
  onConfirm,
  onCancel,
  disabled,
}: MemberPickerProps) {
  const t = usePickerMessages();
  const [open, setOpen] = useState(false);
  const [committed, setCommitted] = useState<PickerValue>(defaultValue ?? emptyPickerValue());
  const current = value ?? committed;
  const [draft, setDraft] = useState<PickerValue>(current);

  const openChange = (next: boolean) => {
    if (disabled && next) return;
    if (next) setDraft(current);
    else if (open) onCancel?.();
    setOpen(next);
  };
  const confirm = () => {
    setCommitted(draft);
    setOpen(false);
    onConfirm?.(draft);
  };
  const cancel = () => {
    setOpen(false);
    onCancel?.();
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={openChange}
      placement={placement}
      title={title ?? t('title')}
      styles={{ root: { width, maxWidth: 'calc(100vw - 16px)' } }}
      rootClassName="mp-popover"
      content={
        <Suspense fallback={<Spin className="mp-loading" />}>
          <PickerPanel
            value={draft}
            onChange={setDraft}
            showUsers={!hideUsers}
            showDepts={!hideDepts}
            single={single}
            pageType={pageType}
            onConfirm={confirm}
            onCancel={cancel}
          />
        </Suspense>
      }
    >
      {children}
    </Popover>
  );
}
