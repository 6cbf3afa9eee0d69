import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server (apps/server) serves the built app and all API prefixes on one port.
// In `vite dev` we proxy those prefixes to it, so the SPA and the APIs share an origin.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/config.json'];

// The server replaces %APP_NAME% in index.html; in dev nobody does, so substitute the default name.
function devAppName(): Plugin {
  return {
    name: 'tagledger-dev-app-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', process.env.APP_NAME ?? 'TagLedger'),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devAppName()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
