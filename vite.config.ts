import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  css: {
    // Bulma's own Sass still uses deprecated features; its warnings are not ours to fix.
    preprocessorOptions: { scss: { quietDeps: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    // `npm run dev` serves the UI with hot reload; the API and config come from `npm start`.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/config.json': 'http://127.0.0.1:8080',
      '/content': 'http://127.0.0.1:8080',
    },
  },
});
