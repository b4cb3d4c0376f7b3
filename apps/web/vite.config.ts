import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vite config: relative base (served at `/` by the server), API proxy for `npm run dev`, manifest for bench/web-size.mjs. */
export default defineConfig(({ command }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would make Vite emit a
  // development bundle (jsxDEV, dev-only UI). A build is always a production build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
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
        output: {
          // React, React DOM and the router in one chunk of their own: left to the default
          // chunking, React DOM shared a chunk with antd's core, which the sign-in screen then
          // loaded although it uses no antd (docs/web.md "Sign-in screen size").
          codeSplitting: {
            groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          },
        },
      },
    },
  };
});
