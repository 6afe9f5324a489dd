/**
 * Suspense fallback: centred on the whole page, or in the content area when `inline`. A CSS
 * spinner (global.css), not antd's Spin: it is part of the first chunk of every page.
 */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  return (
    <div className="crm-page-loading" style={{ minHeight: inline ? 240 : '100vh' }}>
      <span className="crm-spinner" role="status" aria-label="loading" />
    </div>
  );
}
