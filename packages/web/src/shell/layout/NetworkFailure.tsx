import { Button, Result } from 'antd';
import { layoutMessages } from './messages';

/**
 * The session could not be loaded for a network failure: the session is kept and a retry offered.
 * Its own chunk: antd's Result (with its illustrations) is not part of the first load.
 */
export default function NetworkFailure({ onRetry }: { onRetry: () => void }) {
  const t = layoutMessages();
  return (
    <Result
      status="warning"
      title={t('networkTitle')}
      subTitle={t('networkSub')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
