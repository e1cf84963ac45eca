import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the same origin in production (the server serves dist/); in dev, proxy to it.
const API_PREFIXES = ['/login', '/logout', '/v2', '/smscode', '/resetpas', '/home', '/menu', '/dynamics', '/dev', '/static', '/healthz', '/anatools', '/user/', '/delete/', '/reports', '/s/', '/ai/', '/qcloud/', '/bindmobile', '/uploads/', '/pay/', '/help/', '/favicon.ico'];

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['labstat-source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: 'http://localhost:8080', changeOrigin: true }])),
  },
});
