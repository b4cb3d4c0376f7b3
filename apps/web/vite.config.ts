import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vite config: relative base (served at `/` by the server), API proxy for `npm run dev`, manifest for bench/web-size.mjs. */
export default defineConfig({
  base: './',
  plugins: [react()],
  server: {
    proxy: {
      '/PDD': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The shared package is pure declarations (constants, schemas, predicates): let unused
      // exports (e.g. zod schemas the login screen never uses) be dropped from the bundles.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
});
