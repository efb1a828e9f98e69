import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The policy for files people uploaded (referral PDFs, scans, request media), set by their routes on top of the
 * app's: nothing they contain may run or reach out, whatever the file claims to be.
 */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** sha256 sources of the inline <script>s of an HTML page, as CSP wants them ('sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The hashes of the built index.html, re-read when the file changes (a rebuild while the server runs). */
function indexScriptHashes(indexPath: string): () => string[] {
  let seen = -1;
  let hashes: string[] = [];
  return () => {
    let mtime: number;
    try {
      mtime = fs.statSync(indexPath).mtimeMs;
    } catch {
      return [];
    }
    if (mtime !== seen) {
      hashes = inlineScriptHashes(fs.readFileSync(indexPath, 'utf8'));
      seen = mtime;
    }
    return hashes;
  };
}

export interface SecurityHeadersOptions {
  /** The web build's index.html, whose inline scripts (the viewer's preload and first image, decisions V14/V15) are allowed by hash. */
  indexHtmlPath: string;
  /**
   * Origins the browser itself calls besides this server: the HIS gateway, the ID-card reader and the NHSO helper
   * (site configuration, may change while running; read at most every 30 s).
   */
  helperOrigins: () => Promise<string[]>;
  /** Branch image caches (spec §7, §8): the browser probes them and frames their viewer, so they are called and framed. */
  cacheOrigins?: () => Promise<string[]>;
}

/** The origin of a URL, or null for anything that is not an http(s) URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(scriptHashes: string[], helpers: string[], caches: string[] = []): string {
  return [
    "default-src 'self'",
    // No 'unsafe-inline' and no eval: the few inline scripts of index.html by hash; WebAssembly for the image codecs.
    `script-src 'self' 'wasm-unsafe-eval'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    // MUI/emotion inject <style> elements; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${[...helpers, ...caches].map((h) => ` ${h}`).join('')}`,
    "worker-src 'self' blob:",
    // The app frames itself (the viewer frame, report PDFs); nobody else frames it.
    `frame-src 'self' blob:${caches.map((h) => ` ${h}`).join('')}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), fullscreen=(self)';

/**
 * Sets the security headers of every response in one place (decision sec41): CSP, frame-ancestors and
 * X-Frame-Options, nosniff, Referrer-Policy, Permissions-Policy, and HSTS when the request came over TLS. A route
 * may set a stricter Content-Security-Policy of its own (stored files, the report frame's error page).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): void {
  const hashes = indexScriptHashes(opts.indexHtmlPath);
  let helpers: string[] = [];
  let caches: string[] = [];
  let helpersAt = -Infinity;
  let refreshing: Promise<void> | null = null;
  const helperList = async () => {
    if (Date.now() - helpersAt < 30_000) return helpers;
    refreshing ??= Promise.all([opts.helperOrigins(), opts.cacheOrigins?.() ?? []])
      .then(([list, cacheList]) => {
        helpers = [...new Set(list)];
        caches = [...new Set(cacheList)];
        helpersAt = Date.now();
      })
      .catch((err: unknown) => {
        app.log.warn({ err }, 'helper origins for the CSP could not be read');
      })
      .finally(() => {
        refreshing = null;
      });
    await refreshing;
    return helpers;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', contentSecurityPolicy(hashes(), await helperList(), caches));
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('x-content-type-options', 'nosniff');
    // Viewer and link addresses carry tokens in the query: they never leave in a Referer to another site.
    reply.header('referrer-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    return payload;
  });
}
