import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live. Local disk by default; a bucket implementation can replace it. */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
};

export function localDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('bad storage key');
    return p;
  };
  return {
    async put(key, data) {
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      await fs.writeFile(full(key), data);
    },
    async get(key) {
      await fs.access(full(key));
      return createReadStream(full(key));
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}
