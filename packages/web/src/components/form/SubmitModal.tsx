import { Modal, type ModalProps } from 'antd';
import { useState } from 'react';

type Props = Omit<ModalProps, 'onOk' | 'confirmLoading'> & {
  /** What OK does; it may refuse early (having said why) by returning without sending. */
  onSubmit: () => Promise<unknown> | undefined;
  /** `data-testid` of the OK button. */
  okTestId?: string;
};

/**
 * A dialog whose OK runs `onSubmit` once at a time, spinning meanwhile. A failure (the request
 * layer showed the server's message) leaves the dialog open for another try; what the dialog
 * holds is dropped when it closes.
 */
export function SubmitModal({ onSubmit, okTestId, okButtonProps, ...props }: Props) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      destroyOnHidden
      {...props}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={
        okTestId ? ({ ...okButtonProps, 'data-testid': okTestId } as ModalProps['okButtonProps']) : okButtonProps
      }
    />
  );
}
