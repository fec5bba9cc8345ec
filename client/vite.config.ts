import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * react-router's package points every export condition at its development build (remix-run/react-router#14102), which
 * differs from its production build only in having its development warnings on. A build takes the production build.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command, isSsrBuild, mode }) => {
  const productionBuild = command === 'build' && mode === 'production';
  return {
    root: 'client',
    plugins: [react(), tailwindcss()],
    // The server's render bundle carries React and TanStack Query, which pick their development or production code by
    // process.env.NODE_ENV when they are loaded (the browser's build has it replaced already). A production build is
    // production whoever loads it: React's development renderer costs twice the CPU a page
    // (docs/decisions/075-production-render-bundle.md).
    define: productionBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    resolve: { alias: productionBuild ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [] },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Emitted for debugging builds locally, but not referenced from the scripts; the server refuses them in production.
      sourcemap: 'hidden',
      chunkSizeWarningLimit: 600,
      // The chunks and what imports what, for scripts/bundle-report.mjs (the reader's script budget). Not served:
      // express.static ignores dot folders.
      manifest: !isSsrBuild,
      // React, react-router and TanStack Query are one chunk, loaded by the app (spa.tsx) and by the comments' island.
      // Without this group Rolldown splits them into small common chunks, each with its own import and export glue.
      // Only these libraries go in it, not all they import: the reader's entry loads no React at all
      // (docs/decisions/054-reader-islands.md).
      rolldownOptions: isSsrBuild
        ? undefined
        : {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
    },
    ssr: {
      // The server's render bundle (client/dist-server, built with --ssr) carries React and every library it
      // uses: a deployment needs no node_modules for it (docs/decisions/018-docker-image.md).
      noExternal: isSsrBuild ? true : undefined,
    },
    server: {
      port: 5173,
      proxy: {
        '/api': api,
        '/uploads': api,
      },
    },
  };
});
