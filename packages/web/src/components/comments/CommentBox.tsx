import { App, Button, Input } from 'antd';
import { useState } from 'react';

/** What a comment box says: its hint, its button, and the toast once a comment is in. */
export type CommentTexts = { placeholder: string; send: string; done: string };

/**
 * The box under a record's comments (approvals, tasks, work logs): sends the trimmed text once,
 * clears it and toasts on success; on failure the request layer has shown the server's message
 * and the text stays for another try.
 */
export function CommentBox({
  post,
  onAdded,
  texts,
  maxLength,
  className,
  ghost,
  testId,
}: {
  post: (content: string) => Promise<unknown>;
  onAdded: () => void;
  texts: CommentTexts;
  maxLength: number;
  className: string;
  ghost?: boolean;
  /** Names the input `<testId>-input` and the button `<testId>-send`. */
  testId?: string;
}) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await post(text.trim());
      setText('');
      message.success(texts.done);
      onAdded();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <Input.TextArea
        rows={2}
        maxLength={maxLength}
        value={text}
        placeholder={texts.placeholder}
        onChange={(e) => setText(e.target.value)}
        data-testid={testId && `${testId}-input`}
      />
      <Button
        type="primary"
        ghost={ghost}
        loading={busy}
        disabled={!text.trim()}
        onClick={send}
        data-testid={testId && `${testId}-send`}
      >
        {texts.send}
      </Button>
    </div>
  );
}
