import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal lives in src/web; the API serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, manifest: true },
  server: { proxy: { '/master': 'http://localhost:8080' } },
});
