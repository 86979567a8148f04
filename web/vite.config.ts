import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app lives in web/ and is served at / (S3 + CloudFront when deployed, the local runtime
 * otherwise). Routes are split with React.lazy in src/routes, so Vite emits one chunk per page.
 * Two pages: index.html is the staff and manager app; respond.html is the tenants' response portal
 * (src/respond, served for /respond and /respond/*), an entry of its own so neither loads the other's
 * code (docs/decisions.md "Tenant response portal: its own page").
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: { index: join(root, 'index.html'), respond: join(root, 'respond.html') },
    },
    // Cloudscape's shared component code lands in one vendor chunk that every page needs.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
