import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Inside the Parley repository, use the widget's sources directly; an app of your own imports
// the installed package and needs no alias.
const sdk = fileURLToPath(new URL('../../sdk/src/index.ts', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@parley/widget': sdk } },
});
