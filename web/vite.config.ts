import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app lives in web/ and is served at / (S3 + CloudFront when deployed, the local runtime
 * otherwise). Routes are split with React.lazy in src/routes, so Vite emits one chunk per page.
 *
 * Two pages, built apart into the same folder (localstack/build-web.ts runs both): index.html, the staff
 * and manager app (the default mode), and respond.html, the tenants' response portal (`--mode portal`;
 * src/respond, served for /respond and /respond/*). One build of both would let Rollup split the React
 * they share into a chunk of its own, one more file on the staff app's first load; built apart, neither
 * page's files change with the other's code (docs/decisions.md "Tenant response portal: its own page").
 */
export default defineConfig(({ mode }) => {
  const portal = mode === 'portal';
  const input: Record<string, string> = portal ? { respond: join(root, 'respond.html') } : { index: join(root, 'index.html') };
  return {
    root,
    base: '/',
    plugins: [react()],
    build: {
      outDir: 'dist',
      // The staff build starts the folder afresh; the portal's build is added to it.
      emptyOutDir: !portal,
      rollupOptions: { input },
      // Cloudscape's shared component code lands in one vendor chunk that every page needs.
      chunkSizeWarningLimit: 1500,
    },
    server: {
      host: '127.0.0.1',
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
