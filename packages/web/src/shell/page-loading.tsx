import { Spin } from 'antd';

/** Suspense fallback: centred on the whole page, or in the content area when `inline`. */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: inline ? 240 : '100vh',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
