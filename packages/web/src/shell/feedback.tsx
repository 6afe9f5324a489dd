import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from './request';

/** Hands antd's themed message and modal of the signed-in shell to the request layer (toasts and the 302 dialog). */
export function FeedbackBinder() {
  const { message, modal } = App.useApp();
  useEffect(() => bindFeedback({ message, modal }), [message, modal]);
  return null;
}
