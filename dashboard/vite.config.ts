import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The dashboard and public site. In development /api goes to the Parley server on port 3000. */
export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/widget-assets': 'http://localhost:3000',
      '/embed.js': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
