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
