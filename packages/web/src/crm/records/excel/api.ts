import type { ImportStatus } from '@crm/shared';
import { ApiError, request } from '@/shell/request';
import { sessionStore } from '@/shell/session-store';

/**
 * The Excel calls of a record kind (docs/api/records.md, "Excel"), under its prefix. Workbooks
 * come back as files, so they are fetched here with the session header and handed to the browser.
 */
export const startImport = (prefix: string, file: File, batchId: string) => {
  const form = new FormData();
  form.append('batchId', batchId);
  form.append('file', file);
  return request<{ jobId: string }>(`/${prefix}/excelImport`, form, { multipart: true });
};

export const importStatus = (prefix: string, jobId: string) =>
  request<ImportStatus>(`/${prefix}/excelImportStatus`, { jobId }, { silent: true });

/** The file name of a download: the RFC 5987 UTF-8 one, else the plain one, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Browser hand-over of a blob, replaceable in tests (jsdom cannot save files). */
export const saver = {
  save(blob: Blob, name: string) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/**
 * POST a call that answers a workbook and save it; a refusal comes back as the usual
 * `{code, msg}` JSON and is thrown as an ApiError for the caller to show.
 */
export async function downloadWorkbook(path: string, body: object, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = sessionStore.token();
  if (token) headers['Admin-Token'] = token;
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('spreadsheetml')) {
    const answer = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(answer?.code ?? res.status, answer?.msg || res.statusText);
  }
  saver.save(await res.blob(), fileNameOf(res.headers.get('content-disposition'), fallbackName));
}
