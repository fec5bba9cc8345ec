import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Emitted for debugging builds locally, but not referenced from the scripts; the server refuses them in production.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    // The chunks and what imports what, for scripts/bundle-report.mjs (the reader's script budget). Not served:
    // express.static ignores dot folders.
    manifest: !isSsrBuild,
    // The reader's pages and everything they import statically load as one chunk. Without this group
    // Rolldown splits the modules the dashboard's chunks also import (React, TanStack Query, the API
    // client, the fetchers) into small common chunks that every reader downloads anyway, each with its
    // own import and export glue. The dashboard and the auth pages stay lazy chunks of their own.
    rolldownOptions: isSsrBuild
      ? undefined
      : { output: { codeSplitting: { groups: [{ name: 'reader', test: /client[\\/]src[\\/](main|app[\\/]app|app[\\/]routes)\.tsx$/ }] } } },
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
}));
