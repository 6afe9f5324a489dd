/**
 * File addresses. The key is the random storage key: knowing the address is needed besides a
 * session to fetch a file. The company logo alone has a public address (the login page shows it).
 */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const fileViewUrl = (key: string) => `/file/view/${key}`;
export const fileDownloadUrl = (key: string) => `/file/download/${key}`;
export const sysLogoUrl = (key: string) => `/sysConfig/logo/${key}`;

/** The storage key of a `/file/view/<key>`, `/file/download/<key>` or `/sysConfig/logo/<key>` address, or null. */
export function fileKeyOfUrl(url: string): string | null {
  const m = /^\/(?:file\/view|file\/download|sysConfig\/logo)\/([^/?#]+)$/.exec(url);
  return m?.[1] && FILE_KEY_PATTERN.test(m[1]) ? m[1] : null;
}

/** The download address for a preview address; other addresses are returned as they are. */
export function downloadUrlOf(url: string): string {
  const key = fileKeyOfUrl(url);
  return key ? fileDownloadUrl(key) : url;
}
