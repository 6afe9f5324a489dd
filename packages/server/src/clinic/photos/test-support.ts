import type { Answer, TestApp } from '../../test/harness.ts';

export type Image = { filename: string; bytes: Buffer; contentType?: string };

/**
 * POST /clinic/photo/upload as a browser sends it: the tags as text parts and each image as its
 * own `file` part (undici's FormData through a Response).
 */
export async function postPhotos(
  t: TestApp,
  token: string,
  fields: Record<string, string | number | null | undefined>,
  images: Image[],
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  for (const img of images) {
    form.append(
      'file',
      new Blob([new Uint8Array(img.bytes)], { type: img.contentType ?? 'application/octet-stream' }),
      img.filename,
    );
  }
  const res = new Response(form);
  const payload = Buffer.from(await res.arrayBuffer());
  const reply = await t.app.inject({
    method: 'POST',
    url: '/clinic/photo/upload',
    headers: { 'content-type': res.headers.get('content-type')!, 'admin-token': token },
    payload,
  });
  // The wire rule (docs/testing.md): a handled outcome is HTTP 200, the refusal is in the body.
  if (reply.statusCode !== 200) throw new Error(`upload answered HTTP ${reply.statusCode}: ${reply.body}`);
  return reply.json() as Answer;
}
