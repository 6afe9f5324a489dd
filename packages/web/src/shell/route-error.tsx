import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { defineMessages } from '@/i18n';
import { isChunkLoadError, reloadOnce } from './lazy';

const messages = defineMessages({
  zh: { title: '页面出错了', chunk: '页面加载失败，请检查网络后刷新', reload: '刷新页面' },
  en: {
    title: 'Something went wrong',
    chunk: 'The page failed to load. Check the network and reload.',
    reload: 'Reload',
  },
});

/** Deliberately light (no antd Result and its illustrations): it is part of the first chunk. */
function ErrorResult({ error }: { error: unknown }) {
  const t = messages();
  const chunk = isChunkLoadError(error);
  const detail = chunk || !(error instanceof Error) ? undefined : error.message;
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      {chunk ? (
        <WarningFilled style={{ fontSize: 56, color: '#faad14' }} />
      ) : (
        <CloseCircleFilled style={{ fontSize: 56, color: '#ff4d4f' }} />
      )}
      <div style={{ marginTop: 20, fontSize: 20, color: '#1f2329' }}>{chunk ? t('chunk') : t('title')}</div>
      {detail && <div style={{ marginTop: 8, color: '#8f959e' }}>{detail}</div>}
      <Button type="primary" style={{ marginTop: 24 }} onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}

/** Router-level error element (the whole page). */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadOnce()) return null;
  return <ErrorResult error={error} />;
}

/** Around the page content: a page that throws leaves the menus usable. Key it by path to reset. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (isChunkLoadError(error)) reloadOnce();
  }
  override render() {
    return this.state.error ? <ErrorResult error={this.state.error} /> : this.props.children;
  }
}
