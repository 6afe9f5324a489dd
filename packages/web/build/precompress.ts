import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|map|webmanifest)$/;
/** Below this size the saving does not pay for the extra file and header. */
const MIN_BYTES = 1024;

/**
 * Write `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
 * file of the build, once, so the server sends the smaller form without compressing per request.
 * A variant is kept only when it is smaller than the original.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'crm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const raw = await fs.promises.readFile(file);
            if (raw.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([brotli(raw), gzip(raw)]);
            if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
            if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}

const brotli = (raw: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(
      raw,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );

const gzip = (raw: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }, (err, out) => (err ? reject(err) : resolve(out))),
  );
