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

/** A filled circle with a mark: `!` (warning) or `×` (error). */
function StatusMark({ kind }: { kind: 'warning' | 'error' }) {
  const color = kind === 'warning' ? '#faad14' : '#ff4d4f';
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden>
      <circle cx="28" cy="28" r="28" fill={color} />
      {kind === 'warning' ? (
        <path d="M28 14v18M28 38v4" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      ) : (
        <path d="M20 20l16 16M36 20L20 36" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** Deliberately light (plain elements, no antd): it is part of the first chunk of every page. */
function ErrorResult({ error }: { error: unknown }) {
  const t = messages();
  const chunk = isChunkLoadError(error);
  const detail = chunk || !(error instanceof Error) ? undefined : error.message;
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <StatusMark kind={chunk ? 'warning' : 'error'} />
      <div style={{ marginTop: 20, fontSize: 20, color: '#1f2329' }}>{chunk ? t('chunk') : t('title')}</div>
      {detail && <div style={{ marginTop: 8, color: '#8f959e' }}>{detail}</div>}
      <button
        type="button"
        className="crm-button-primary"
        style={{ marginTop: 24 }}
        onClick={() => window.location.reload()}
      >
        {t('reload')}
      </button>
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
