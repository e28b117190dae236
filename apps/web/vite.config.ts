import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8080 in development; the dev server forwards API calls
// there so the browser sees one origin, exactly as in production where the server hosts dist/.
const API_SERVER = 'http://localhost:8080';

// Libraries every screen needs get chunks of their own: they change less often than the app, so
// browsers keep them cached across releases. Anything else (charts, say) stays with its screen.
const VENDOR_CHUNKS: ReadonlyArray<[chunk: string, pattern: RegExp]> = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/react-router\//],
  ['mantine', /\/node_modules\/@mantine\/(core|hooks)\//],
  ['query', /\/node_modules\/@tanstack\//],
  ['zod', /\/node_modules\/zod\//],
];

function vendorChunk(id: string): string | undefined {
  return VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0];
}

export default defineConfig({
  plugins: [react()],
  // Vite stamps this on index.html's tags and into <meta property="csp-nonce">; the server swaps
  // in a fresh nonce per page load (apps/server/src/plugins/web-app.ts), and Mantine reads it for
  // the <style> elements it writes, which the page's Content-Security-Policy otherwise blocks.
  html: { cspNonce: 'TOKENWISE_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    proxy: {
      '/v1': API_SERVER,
      '/healthz': API_SERVER,
    },
  },
});
