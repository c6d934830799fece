import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on the same origin in production (served by `ipam start`); in dev, proxy it.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', sourcemap: true },
});
