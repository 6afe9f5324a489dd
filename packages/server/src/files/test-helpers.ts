import type { Answer, TestApp } from '../test/harness.ts';

/** Small real files: enough bytes for the type sniffer. */
export const fixtures = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  cfb: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
  html: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  text: Buffer.from('客户名单\n张三,13800000000\n'),
};

export type Part = string | { filename: string; bytes: Buffer; contentType?: string };

/** Serialise a multipart body the way a browser does (undici's FormData through a Response). */
export async function multipartBody(parts: Record<string, Part>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else
      form.append(
        name,
        new Blob([new Uint8Array(part.bytes)], { type: part.contentType ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

/** POST a multipart body and answer the parsed `{code, msg, data}` with the HTTP status. */
export async function postMultipart<T = any>(
  t: TestApp,
  url: string,
  parts: Record<string, Part>,
  token?: string,
): Promise<Answer<T> & { status: number }> {
  const { payload, contentType } = await multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers['admin-token'] = token;
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  return { ...(res.json() as Answer<T>), status: res.statusCode };
}

export const file = (filename: string, bytes: Buffer, contentType?: string): Part => ({ filename, bytes, contentType });
