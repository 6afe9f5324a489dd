import { Button, Popover, type PopoverProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { DeptTab, type PickedDept, useDeptTree } from '../member-picker';
import { usePickerMessages } from '../member-picker/messages';
import { toggleDept } from '../member-picker/PickerPanel';
import '../member-picker/member-picker.css';

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
          <DeptTab
            tree={tree.data}
            isChecked={(id) => draft.some((d) => d.id === id)}
            onToggle={(d) => setDraft((cur) => toggleDept({ users: [], depts: cur }, d, single).depts)}
          />
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
