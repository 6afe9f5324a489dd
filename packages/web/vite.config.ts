import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { BUILD_TARGET } from './src/shell/browsers/targets.ts';

// The API lives at the spec's paths on the same origin (no prefix). In development every
// request that is not a page or a Vite module goes to the server on 8080.
const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 8889,
    proxy: {
      '^/(?!src/|@vite|@react-refresh|@id/|@fs/|node_modules/|assets/).+': {
        target: api,
        // The chat socket (/api/message/socket) upgrades through the same proxy.
        ws: true,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
  // The manifest (dist/.vite, never served) lets bench/assets.ts follow each page's imports.
  // The target is the user menu's 支持的浏览器 list (src/shell/browsers/targets.ts).
  build: { chunkSizeWarningLimit: 1200, manifest: true, target: [...BUILD_TARGET] },
});
