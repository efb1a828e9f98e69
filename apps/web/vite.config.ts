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
  // Cornerstone3D (the series viewer, issue 5): the image loader's workers load their codecs themselves, so it stays
  // out of pre-bundling while its CommonJS/wasm dependencies go in (STACK-NOTES "Viewer").
  optimizeDeps: {
    exclude: ['@cornerstonejs/dicom-image-loader'],
    include: ['@cornerstonejs/core', 'dicom-parser',
      '@cornerstonejs/codec-charls/decodewasmjs', '@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs',
      '@cornerstonejs/codec-openjpeg/decodewasmjs', '@cornerstonejs/codec-openjph/wasmjs',
      '@cornerstonejs/codec-libjxl/decodewasmjs', '@cornerstonejs/jpeg-lossless-decoder-js', 'comlink', 'pako'],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
