import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The dev server stands in for the Node server's static hosting; everything the server answers itself goes through.
const server = process.env.RANGSI_DEV_SERVER ?? 'http://localhost:8080';

const toServer: ProxyOptions = { target: server, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': toServer,
      '/healthz': toServer,
      '/dicomweb': toServer,
      '/weasis': toServer,
      '/Member/LogOff': toServer,
      // The logon page itself is the SPA; only the form post belongs to the server.
      '/Member/LogOn': {
        ...toServer,
        bypass: (req) => (req.method === 'POST' ? undefined : '/index.html'),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
