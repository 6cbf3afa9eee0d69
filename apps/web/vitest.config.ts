import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { catalogues } from './scripts/vite-catalogues';

export default defineConfig({
  plugins: [
    react(),
    lingui({ failOnCompileError: true }),
    catalogues({ src: path.resolve(import.meta.dirname, 'src') }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    // Test files share their workers' jsdom and loaded modules instead of building both again for each
    // of the ~70 files (194 s → 45 s for the suite on this machine). src/test/setup.ts puts back
    // after each test what a test may change: the DOM, storage, the language, timers and globals.
    isolate: false,
  },
});
