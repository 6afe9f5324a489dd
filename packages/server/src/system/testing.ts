import { expect } from 'vitest';
import type { Answer } from '../test/harness.ts';

/** Assert a refusal: the code and the exact message. */
export function expectRefused(res: Answer, code: number, msg: string): void {
  expect({ code: res.code, msg: res.msg }).toEqual({ code, msg });
}

/** A multipart body with one file part (and optional text fields), as a browser would send it. */
export function multipartBody(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----crmtest${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 1×1 transparent PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
