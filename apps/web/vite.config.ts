import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The dev server stands in for the Node server's static hosting; everything the server answers itself goes through.
const server = process.env.RANGSI_DEV_SERVER ?? 'http://localhost:8080';

const toServer: ProxyOptions = { target: server, changeOrigin: false };

/** The DicomViewer address: /DicomViewer/{examId}/{seriesId}[/{orientation}] (the same pattern the route page reads). */
const VIEWER_PATH = String.raw`^\/DicomViewer\/([^/]+)\/([^/]+)(?:\/([^/]*))?\/?$`;

/**
 * Where the viewer's image area is before the viewer has rendered: below its one-line toolbar, left of the slice
 * slider (the e2e test "first-image preview" checks that the viewer's element is at the same place). `right` is
 * SLIDER_RAIL_PX of features/viewer/components/slice-slider.tsx, repeated because the config cannot import app code.
 */
const PREVIEW_INSET = { top: 41, right: 37 };

/**
 * Decision V15: on a DicomViewer/… address the page asks the server for the series' first image, rendered (a JPEG,
 * /api/exam/{id}/series/{seriesId}/preview), from the head of the HTML, before the stylesheet and the app's code, and
 * shows it where the viewer's image will be; the viewer takes it into its own element and removes it once Cornerstone
 * has drawn that slice (features/viewer/lib/first-preview.ts). It is marked 'rangsi-preview-shown' when on screen.
 */
function previewScripts(): { head: string; body: string } {
  const head =
    `(function(){var m=new RegExp(${JSON.stringify(VIEWER_PATH)}).exec(location.pathname);if(!m)return;` +
    `var p=new URLSearchParams({token:new URLSearchParams(location.search).get('token')||''});` +
    `try{if(m[3]&&decodeURIComponent(m[3]))p.set('orientation',decodeURIComponent(m[3]))}catch(e){return}` +
    `document.documentElement.style.background='#000';` +
    `var i=new Image();i.id='rangsi-first-preview';i.alt='';i.setAttribute('aria-hidden','true');i.draggable=false;` +
    `i.style.cssText='position:fixed;left:0;top:${PREVIEW_INSET.top}px;width:calc(100% - ${PREVIEW_INSET.right}px);height:calc(100% - ${PREVIEW_INSET.top}px);object-fit:contain;pointer-events:none;user-select:none;visibility:hidden;z-index:1';` +
    `i.onerror=function(){i.remove()};` +
    `var put=function(){if(!i.placed&&document.body){i.placed=1;document.body.appendChild(i)}};window.__rangsiPreviewPut=put;` +
    `i.onload=function(){i.decode().catch(function(){}).then(function(){put();if(!i.isConnected)return;i.style.visibility='visible';requestAnimationFrame(function(){performance.mark('rangsi-preview-shown')})})};` +
    `i.src='/api/exam/'+m[1]+'/series/'+m[2]+'/preview?'+p})();`;
  // On the page as soon as there is a body (hidden until decoded), once: the viewer may already have removed it.
  const body = `window.__rangsiPreviewPut&&window.__rangsiPreviewPut();`;
  return { head, body };
}

/**
 * Decision V14: on a DicomViewer/… address the browser starts fetching (and compiling) the viewer's chunks while the
 * app's own index chunk is still loading, instead of after the router has run. A few lines of inline script in the
 * built index.html; other addresses load nothing more. V15: the first image's preview starts there too.
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
        const preview = previewScripts();
        const script = `<script>${preview.head}</script>\n    <script>if(new RegExp(${JSON.stringify(VIEWER_PATH)}).test(location.pathname))for(const f of ${JSON.stringify(files)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}</script>`;
        return html
          .replace('</title>', `</title>\n    ${script}`)
          .replace('<div id="root"></div>', `<div id="root"></div>\n    <script>${preview.body}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), viewerPreload()],
  resolve: {
    alias: [
      // `@/` is src/: code outside a folder reaches it through the alias (tsconfig.json's `paths` says the same to
      // TypeScript, vitest.config.ts to the tests).
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // vtk.js imports xmlbuilder2 only for VTK XML files, which the viewer never reads: a stub keeps ~0.9 MB (its DOM
      // implementation and js-yaml) out of the viewer's chunk, so the first image comes sooner (decision V14).
      {
        find: 'xmlbuilder2',
        replacement: fileURLToPath(new URL('./src/features/viewer/stubs/xmlbuilder2.ts', import.meta.url)),
      },
    ],
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
  // out of pre-bundling while its CommonJS/wasm dependencies go in (docs/stack-notes.md "Viewer").
  optimizeDeps: {
    exclude: ['@cornerstonejs/dicom-image-loader'],
    include: [
      '@cornerstonejs/core',
      'dicom-parser',
      '@cornerstonejs/codec-charls/decodewasmjs',
      '@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs',
      '@cornerstonejs/codec-openjpeg/decodewasmjs',
      '@cornerstonejs/codec-openjph/wasmjs',
      '@cornerstonejs/codec-libjxl/decodewasmjs',
      '@cornerstonejs/jpeg-lossless-decoder-js',
      'comlink',
      'pako',
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
