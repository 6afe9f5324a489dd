import { Button, Popover, type PopoverProps, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { usePickerMessages } from '../member-picker/messages';
import { useDeptTree } from '../member-picker/queries';
import { toggleDept } from '../member-picker/selection';
import type { PickedDept } from '../member-picker/types';
import '../member-picker/member-picker.css';

// The tree is its own chunk, fetched on the first open (as the member picker's panel).
const DeptTab = lazy(() => import('../member-picker/DeptTab').then((m) => ({ default: m.DeptTab })));

export type DeptPickerProps = {
  /** The trigger; clicking it opens the popover. */
  children: ReactNode;
  value: PickedDept[];
  onConfirm: (value: PickedDept[]) => void;
  /** Radio semantics: ticking a department replaces the choice. */
  single?: boolean;
  placement?: PopoverProps['placement'];
  disabled?: boolean;
};

/** Spec 9: department popovers are 300 px wide. */
export const DEPT_POPOVER_WIDTH = 300;

/**
 * The department picker popover (crm-records 2): the member picker's department tab (breadcrumb
 * from 全部 into child departments, search by name or pinyin, checkboxes) with confirm and cancel.
 * The tree loads when the popover first opens.
 */
export function DeptPicker({
  children,
  value,
  onConfirm,
  single = false,
  placement = 'bottomLeft',
  disabled,
}: DeptPickerProps) {
  const t = usePickerMessages();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PickedDept[]>(value);
  const tree = useDeptTree(open);

  const openChange = (next: boolean) => {
    if (disabled && next) return;
    if (next) setDraft(value);
    setOpen(next);
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={openChange}
      placement={placement}
      title={t('depts')}
      styles={{ root: { width: DEPT_POPOVER_WIDTH, maxWidth: 'calc(100vw - 16px)' } }}
      content={
        <div className="mp-panel" data-testid="dept-picker">
          <Suspense fallback={<Spin className="mp-loading" />}>
            <DeptTab
              tree={tree.data}
              isChecked={(id) => draft.some((d) => d.id === id)}
              onToggle={(d) => setDraft((cur) => toggleDept({ users: [], depts: cur }, d, single).depts)}
            />
          </Suspense>
          <div className="mp-footer">
            <Button size="small" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              onClick={() => {
                setOpen(false);
                onConfirm(draft);
              }}
            >
              {t('ok')}
            </Button>
          </div>
        </div>
      }
    >
      {children}
    </Popover>
  );
}
