import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The dev server stands in for the Node server's static hosting; everything the server answers itself goes through.
const server = process.env.RANGSI_DEV_SERVER ?? 'http://localhost:8080';

const toServer: ProxyOptions = { target: server, changeOrigin: false };

/**
 * Decision V14: on a DicomViewer/… address the browser starts fetching (and compiling) the viewer's chunks while the
 * app's own index chunk is still loading, instead of after the router has run. A few lines of inline script in the
 * built index.html; other addresses load nothing more.
 */
function viewerPreload(): Plugin {
  return {
    name: 'rangsi-viewer-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && (c.name === 'dicom-viewer-page' || c.name === 'viewer-workspace'))
          .map((c) => `/${c.fileName}`);
        if (files.length !== 2) return html;
        const script = `<script>if(/^\\/DicomViewer\\//.test(location.pathname))for(const f of ${JSON.stringify(files)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}</script>`;
        return html.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), viewerPreload()],
  // vtk.js imports xmlbuilder2 only for VTK XML files, which the viewer never reads: a stub keeps ~0.9 MB (its DOM
  // implementation and js-yaml) out of the viewer's chunk, so the first image comes sooner (decision V14).
  resolve: {
    alias: { xmlbuilder2: fileURLToPath(new URL('./src/features/viewer/stubs/xmlbuilder2.ts', import.meta.url)) },
  },
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
